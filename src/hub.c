#ifndef KINF_NO_HUB
/* >>hub  the node-local server (khub): list, watch, get and discovery for a
   factory's informers, from a fixed pool of client slots; a window of
   recent changes per resource; the built-in driver of its sockets */
#include <sys/un.h>
#define KINF__HUB_MAGIC 0x6b687562u
#define KINF__HUB_MAX_LISTEN 8

/* >>hub request  The bounded request parser: a request head (request line
   and header fields, at most KINF_MAX_HEAD_BYTES) that ends in CRLF CRLF or
   LF LF; what the hub reads of it. */
typedef enum kinf__hm { KINF__HM_GET = 0, KINF__HM_HEAD, KINF__HM_OTHER } kinf__hm;
typedef struct kinf__hreq {
    int method;                   /* kinf__hm */
    const char* path; size_t path_len;   /* into the head, before '?' */
    const char* query; size_t query_len; /* after '?', or empty */
    const char* auth; size_t auth_len;   /* the Authorization value, or NULL */
    int http10, close, chunked;
    int64_t clen;                 /* Content-Length, -1: none */
} kinf__hreq;

/* The end of a head in h[0..n), looking from 'from' (bytes before it were
   looked at already); the head's length, or 0 when it is not whole yet. */
static size_t kinf__hub_head_end(const char* h, size_t from, size_t n) {
    size_t i = from > 3 ? from - 3 : 0;
    for (; i < n; i++) {
        if (h[i] != '\n') { continue; }
        if (i + 1 < n && h[i + 1] == '\n') { return i + 2; }
        if (i + 2 < n && h[i + 1] == '\r' && h[i + 2] == '\n') { return i + 3; }
    }
    return 0;
}
/* a token character of RFC 9110 (methods, header names) */
static int kinf__hub_tchar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || (c && strchr("!#$%&'*+-.^_`|~", c));
}
/* Parses a whole head h[0..n) (kinf__hub_head_end's length). KINF_OK,
   KINF_ERR_INVAL (malformed), KINF_ERR_NOMEM (more than KINF_MAX_HEADERS). */
static int kinf__hub_parse(const char* h, size_t n, kinf__hreq* r) {
    size_t i = 0, m, t, le, nh = 0;
    memset(r, 0, sizeof(*r));
    r->clen = -1;
    while (i < n && kinf__hub_tchar(h[i])) { i++; }
    m = i;
    if (m == 0 || m > 16 || i >= n || h[i] != ' ') { return KINF_ERR_INVAL; }
    r->method = (m == 3 && !memcmp(h, "GET", 3)) ? KINF__HM_GET : (m == 4 && !memcmp(h, "HEAD", 4)) ? KINF__HM_HEAD : KINF__HM_OTHER;
    t = ++i;
    while (i < n && (unsigned char)h[i] > 0x20 && (unsigned char)h[i] < 0x7f) { i++; }
    if (i == t || i >= n || h[i] != ' ' || h[t] != '/') { return KINF_ERR_INVAL; }
    r->path = h + t; r->path_len = i - t;
    {
        const char* q = (const char*)memchr(r->path, '?', r->path_len);
        if (q) { r->query = q + 1; r->query_len = r->path_len - (size_t)(q + 1 - r->path); r->path_len = (size_t)(q - r->path); }
        else { r->query = r->path + r->path_len; }
    }
    i++;
    if (i + 8 > n || memcmp(h + i, "HTTP/1.", 7) || (h[i + 7] != '0' && h[i + 7] != '1')) { return KINF_ERR_INVAL; }
    r->http10 = h[i + 7] == '0';
    r->close = r->http10;
    i += 8;
    if (i < n && h[i] == '\r') { i++; }
    if (i >= n || h[i] != '\n') { return KINF_ERR_INVAL; }
    i++;
    while (i < n) {
        size_t ns = i, ne, vs, ve;
        le = i;
        while (le < n && h[le] != '\n') { le++; }
        ve = le;
        if (ve > i && h[ve - 1] == '\r') { ve--; }
        if (ve == i) { break; } /* the empty line */
        if (++nh > KINF_MAX_HEADERS) { return KINF_ERR_NOMEM; }
        ne = ns;
        while (ne < ve && h[ne] != ':') { if (!kinf__hub_tchar(h[ne])) { return KINF_ERR_INVAL; } ne++; }
        if (ne == ve || ne == ns) { return KINF_ERR_INVAL; }
        /* a request may not fold its header lines (RFC 9112 section 5.2) */
        if (le + 1 < n && (h[le + 1] == ' ' || h[le + 1] == '\t')) { return KINF_ERR_INVAL; }
        for (vs = ne + 1; vs < ve; vs++) {
            unsigned char c = (unsigned char)h[vs];
            if (c < 0x20 && c != '\t') { return KINF_ERR_INVAL; } /* no CR, NUL or other control byte in a value */
        }
        vs = ne + 1;
        while (vs < ve && (h[vs] == ' ' || h[vs] == '\t')) { vs++; }
        while (ve > vs && (h[ve - 1] == ' ' || h[ve - 1] == '\t')) { ve--; }
        if (kinf__ieq(h + ns, ne - ns, "content-length")) {
            int64_t v = kinf__parse_dec(h + vs, ve - vs);
            if (v < 0 || (r->clen >= 0 && r->clen != v)) { return KINF_ERR_INVAL; }
            r->clen = v;
        } else if (kinf__ieq(h + ns, ne - ns, "transfer-encoding")) {
            if (!kinf__ieq(h + vs, ve - vs, "chunked")) { return KINF_ERR_INVAL; }
            r->chunked = 1;
        } else if (kinf__ieq(h + ns, ne - ns, "connection")) {
            if (kinf__ieq(h + vs, ve - vs, "close")) { r->close = 1; }
            else if (kinf__ieq(h + vs, ve - vs, "keep-alive")) { r->close = 0; }
        } else if (kinf__ieq(h + ns, ne - ns, "authorization")) {
            r->auth = h + vs; r->auth_len = ve - vs;
        }
        i = le + 1;
    }
    if (r->chunked && r->clen >= 0) { return KINF_ERR_INVAL; } /* both: a smuggling attempt (RFC 9112 section 6.3) */
    return KINF_OK;
}
/* The value of query parameter name, percent-decoded ('+' is a space) into
   out: 1, 0 when absent, -1 when it does not fit or is malformed. */
static int kinf__hub_qget(const char* q, size_t qn, const char* name, char* out, size_t cap) {
    size_t i = 0, nl = strlen(name);
    while (i < qn) {
        size_t e = i, o = 0;
        while (e < qn && q[e] != '&') { e++; }
        if (e - i >= nl && !memcmp(q + i, name, nl) && (e - i == nl || q[i + nl] == '=')) {
            size_t k = i + nl + (e - i > nl ? 1 : 0);
            for (; k < e; k++) {
                char c = q[k];
                if (c == '%') {
                    int a, b;
                    if (k + 2 >= e) { return -1; }
                    a = kinf__hexval((unsigned char)q[k + 1]); b = kinf__hexval((unsigned char)q[k + 2]);
                    if (a < 0 || b < 0 || (a == 0 && b == 0)) { return -1; }
                    c = (char)(a * 16 + b);
                    k += 2;
                } else if (c == '+') { c = ' '; }
                if (o + 1 >= cap) { return -1; }
                out[o++] = c;
            }
            out[o] = 0;
            return 1;
        }
        i = e + 1;
    }
    if (cap) { out[0] = 0; }
    return 0;
}
/* true as the API server reads a boolean parameter (Go's strconv.ParseBool): python3-kubernetes sends "True" */
static int kinf__hub_truthy(const char* v) {
    return !strcmp(v, "true") || !strcmp(v, "1") || !strcmp(v, "True") || !strcmp(v, "TRUE") || !strcmp(v, "t") || !strcmp(v, "T");
}

/* >>hub ring  A resource's window of recent changes: entries in order, their
   bytes in a circular area. An entry is the change's identity (key,
   namespace, name, resourceVersion, NUL-terminated) and then the whole
   watch event line a client is sent, so a watch is a copy. seq: the
   change's place, a resourceVersion never below the one before it; every
   change after floor is in the window. */
typedef struct kinf__hev {
    uint64_t seq;
    uint32_t off, len;            /* in the data area: identity, then the event */
    uint32_t ev;                  /* the event's offset in the entry */
    uint32_t obj, objlen;         /* the object's, in the event */
    uint16_t klen, nslen;
} kinf__hev;
typedef struct kinf__hres {
    kinf_informer_t* inf;
    kinf_resource_t r;            /* names in the factory's memory */
    int synced;
    kinf__hev* ev;
    uint64_t head, tail;          /* entries tail..head-1 kept */
    uint8_t* data;
    size_t wpos;
    uint64_t floor, last;
    kinf_handler_t h;
    int hid;                      /* h's id on inf (kinf_hub_shutdown removes it) */
    struct kinf_hub_t* hub;
} kinf__hres;

/* >>hub clients  A client slot: reading a head, or sending a response (a
   fixed one, a list, one object, or a watch), its buffers in the block. */
typedef enum kinf__hc {
    KINF__HC_FREE = 0, KINF__HC_READ, KINF__HC_SEND, KINF__HC_LIST, KINF__HC_WATCH, KINF__HC_CLOSE,
    KINF__HC_FWD_BODY,            /* forwarded: its body being read */
    KINF__HC_FWD                  /* forwarded: the API server's response being streamed back */
} kinf__hc;
#ifndef KINF_NO_SELECTOR
typedef kinf_selector_t kinf__hsel;
#else
typedef struct kinf__hsel { uint8_t any; } kinf__hsel; /* KINF_NO_SELECTOR: a request with a selector is refused */
#endif
typedef struct kinf__hcl {
    int st;                       /* kinf__hc */
    int auth, close_after, fd;
    int fw;                       /* its forwarder, -1: none */
    uint16_t gen;
    uint64_t t_io, t_first, t_end, t_bm;
    char* in; size_t ilen, iscan;
    int64_t skip;                 /* request body bytes to read past */
    uint8_t* out; size_t olen, opos, ocap;
    int res;                      /* the resource of a list or watch */
    char ns[KINF__MAX_NAME];
    kinf__hsel sel;
    kinf_iter_t it;
    long limit, items;
    uint64_t rv;                  /* the list's resourceVersion */
    uint64_t cursor;              /* the next ring entry of a watch */
    uint8_t bookmarks, initial, end_bm, first;
} kinf__hcl;
struct kinf_hub_t {
    uint32_t magic;
    kinf_factory_t* f;
    kinf_hub_desc_t d;
    char token[KINF_MAX_TOKEN];
    char ns[KINF__MAX_NAME];
    char tag[32];
    char logbuf[400];
    kinf__hres* res; int nres, max_res;
    kinf__hcl* cl; int max_cl;
    size_t in_cap, out_cap, ring_bytes, mem_used, mem_size;
    int ring_events;
    uint64_t now;
    kinf_hub_stats_t st;
    int lfd[KINF__HUB_MAX_LISTEN], lauth[KINF__HUB_MAX_LISTEN], nl;
    char lpath[KINF__HUB_MAX_LISTEN][108];
    struct kinf__hfw* fw; int nfw;  /* forwarders */
    size_t fw_body, fw_block;
    struct pollfd* pfd;           /* listeners, clients, forwarders, the factory's */
    kinf_fd_t* ffd;
    int max_ffd;
};
static void kinf__hub_log(kinf_hub_t* h, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    kinf__log2(&h->d.logger, h->tag, level, item, line, h->logbuf, sizeof(h->logbuf), d1, d2);
}
#define KINF__HUB_LOG(h, lv, item, d1, d2) kinf__hub_log((h), KINF_LOG_##lv, KINF_LOGITEM_##item, (d1), (d2), __LINE__)
static int kinf__hub_ok(const kinf_hub_t* h) { return h && h->magic == KINF__HUB_MAGIC; }
/* a client's id: its slot and the slot's generation (a stale id looks up as nothing) */
static int kinf__hub_id(const kinf__hcl* c, int slot) { return (int)((uint32_t)c->gen << 16 | (uint32_t)slot); }
static kinf__hcl* kinf__hub_cl(kinf_hub_t* h, int id) {
    int s = id & 0xffff;
    if (!kinf__hub_ok(h) || id < 0 || s >= h->max_cl || h->cl[s].st == KINF__HC_FREE || h->cl[s].gen != (uint16_t)(id >> 16)) { return 0; }
    return &h->cl[s];
}

/* >>hub write  The response writer: bytes into a client's send buffer. */
static int kinf__hub_putn(kinf_hub_t* h, kinf__hcl* c, const char* p, size_t n) {
    (void)h;
    if (c->olen + n > c->ocap) { return 0; }
    memcpy(c->out + c->olen, p, n);
    c->olen += n;
    return 1;
}
static int kinf__hub_puts(kinf_hub_t* h, kinf__hcl* c, const char* s) { return kinf__hub_putn(h, c, s, strlen(s)); }
/* s as the inside of a JSON string: '"', '\\' and control bytes escaped */
static int kinf__hub_putj(kinf_hub_t* h, kinf__hcl* c, const char* s) {
    static const char hex[] = "0123456789abcdef";
    int ok = 1;
    for (; *s && ok; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') { char e[2]; e[0] = '\\'; e[1] = (char)ch; ok = kinf__hub_putn(h, c, e, 2); }
        else if (ch < 0x20) { char e[6] = { '\\', 'u', '0', '0', hex[ch >> 4], hex[ch & 15] }; ok = kinf__hub_putn(h, c, e, 6); }
        else { ok = kinf__hub_putn(h, c, (const char*)&ch, 1); }
    }
    return ok;
}
static int kinf__hub_putu(kinf_hub_t* h, kinf__hcl* c, uint64_t v) {
    char num[21];
    return kinf__hub_puts(h, c, kinf__utoa(num, v));
}
static const char* kinf__hub_reason(int code) {
    switch (code) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 410: return "Gone";
    case 411: return "Length Required";
    case 413: return "Content Too Large";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    default: return "Service Unavailable";
    }
}
/* The freshness header: when the data was last confirmed current. */
static int kinf__hub_fresh_hdr(kinf_hub_t* h, kinf__hcl* c, kinf_informer_t* inf) {
    kinf_stats_t s = kinf_stats(inf);
    int ok = kinf__hub_puts(h, c, "X-Kinformer-Confirmed-Age-Ms: ");
    if (s.fresh_age_ms < 0) { ok &= kinf__hub_puts(h, c, "never"); } else { ok &= kinf__hub_putu(h, c, (uint64_t)s.fresh_age_ms); }
    ok &= kinf__hub_puts(h, c, "\r\n");
    if (s.fresh_age_ms >= 0) {
        /* the wall-clock time of the last confirmation: the data is unconfirmed since then */
        time_t at = time(0) - (time_t)(s.fresh_age_ms / 1000);
        struct tm tm;
        char when[32];
        if (gmtime_r(&at, &tm) && strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm)) {
            ok &= kinf__hub_puts(h, c, "X-Kinformer-Unconfirmed-Since: ") && kinf__hub_puts(h, c, when) && kinf__hub_puts(h, c, "\r\n");
        }
    }
#ifndef KINF_NO_SNAPSHOT
    if (kinf_snapshot_stale(inf, 0)) { ok &= kinf__hub_puts(h, c, "X-Kinformer-Snapshot-Stale: true\r\n"); } /* a snapshot's, not yet confirmed */
#endif
    return ok;
}
/* The status line and the first headers: clen >= 0 a length, else chunked. */
static int kinf__hub_head(kinf_hub_t* h, kinf__hcl* c, int code, const char* ctype, int64_t clen, kinf_informer_t* fresh) {
    int ok = kinf__hub_puts(h, c, "HTTP/1.1 ") && kinf__hub_putu(h, c, (uint64_t)code) && kinf__hub_puts(h, c, " ") &&
             kinf__hub_puts(h, c, kinf__hub_reason(code)) && kinf__hub_puts(h, c, "\r\nContent-Type: ") && kinf__hub_puts(h, c, ctype) &&
             kinf__hub_puts(h, c, "\r\nCache-Control: no-cache, private\r\n");
    if (fresh) { ok &= kinf__hub_fresh_hdr(h, c, fresh); }
    if (c->close_after) { ok &= kinf__hub_puts(h, c, "Connection: close\r\n"); }
    if (clen >= 0) { ok &= kinf__hub_puts(h, c, "Content-Length: ") && kinf__hub_putu(h, c, (uint64_t)clen) && kinf__hub_puts(h, c, "\r\n\r\n"); }
    else { ok &= kinf__hub_puts(h, c, "Transfer-Encoding: chunked\r\n\r\n"); }
    return ok;
}
/* A chunk's size line, written when its data is: reserved as eight hex
   digits (leading zeros are allowed, RFC 9112 section 7.1) */
static size_t kinf__hub_chunk_open(kinf_hub_t* h, kinf__hcl* c) {
    size_t at = c->olen;
    return kinf__hub_putn(h, c, "00000000\r\n", 10) ? at : (size_t)-1;
}
static int kinf__hub_chunk_close(kinf_hub_t* h, kinf__hcl* c, size_t at) {
    static const char hex[] = "0123456789abcdef";
    size_t n = c->olen - at - 10;
    int k;
    if (n == 0) { c->olen = at; return 1; } /* an empty chunk would end the body */
    for (k = 7; k >= 0; k--) { c->out[at + (size_t)k] = (uint8_t)hex[n & 15]; n >>= 4; }
    return kinf__hub_putn(h, c, "\r\n", 2);
}
/* A body written whole into out after its head: with its length. */
static int kinf__hub_fixed(kinf_hub_t* h, kinf__hcl* c, int code, const char* ctype, const char* body, size_t n) {
    int ok = kinf__hub_head(h, c, code, ctype, (int64_t)n, 0) && kinf__hub_putn(h, c, body, n);
    c->st = KINF__HC_SEND;
    return ok;
}
/* A Status with its code (the connection kept unless close_after): its
   body built first in a client view of a local buffer, for its length. */
static void kinf__hub_status(kinf_hub_t* h, kinf__hcl* c, int code, const char* reason, const char* msg, const char* msg2,
                             const kinf__hres* r, const char* name) {
    char body[2048];
    kinf__hcl b;
    int ok;
    memset(&b, 0, sizeof(b));
    b.out = (uint8_t*)body; b.ocap = sizeof(body);
    ok = kinf__hub_puts(h, &b, "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"") &&
         kinf__hub_putj(h, &b, msg) && kinf__hub_putj(h, &b, msg2 ? msg2 : "") && kinf__hub_puts(h, &b, "\",\"reason\":\"") &&
         kinf__hub_puts(h, &b, reason) && kinf__hub_puts(h, &b, "\"");
    if (r || name) {
        ok &= kinf__hub_puts(h, &b, ",\"details\":{");
        if (name) { ok &= kinf__hub_puts(h, &b, "\"name\":\"") && kinf__hub_putj(h, &b, name) && kinf__hub_puts(h, &b, "\""); }
        if (r) {
            ok &= kinf__hub_puts(h, &b, name ? "," : "") && kinf__hub_puts(h, &b, "\"group\":\"") && kinf__hub_putj(h, &b, r->r.group) &&
                  kinf__hub_puts(h, &b, "\",\"kind\":\"") && kinf__hub_putj(h, &b, r->r.plural) && kinf__hub_puts(h, &b, "\"");
        }
        ok &= kinf__hub_puts(h, &b, "}");
    }
    ok &= kinf__hub_puts(h, &b, ",\"code\":") && kinf__hub_putu(h, &b, (uint64_t)code) && kinf__hub_puts(h, &b, "}");
    ok = ok && kinf__hub_head(h, c, code, "application/json", (int64_t)b.olen, 0) && kinf__hub_putn(h, c, body, b.olen);
    c->st = ok ? KINF__HC_SEND : KINF__HC_CLOSE;
}

/* >>hub objects  An object as a client reads it: its kind and apiVersion in
   front when the stored JSON lacks them (list items often do), its
   identity in metadata when projection took it out (as kwatch prints). */
static int kinf__hub_api_version(kinf_hub_t* h, kinf__hcl* c, const kinf_resource_t* r) {
    if (!r->group[0]) { return kinf__hub_puts(h, c, r->version); }
    return kinf__hub_puts(h, c, r->group) && kinf__hub_puts(h, c, "/") && kinf__hub_puts(h, c, r->version);
}
static int kinf__hub_obj(kinf_hub_t* h, kinf__hcl* c, const kinf_resource_t* r, const kinf_object_t* o) {
    kinf_value_t md, nm, kd;
    const char* j = o->json;
    size_t at;
    int has_md, ok = 1, whole;
    whole = kinf_field(o, "metadata.name", &nm) && nm.ptr >= j && nm.ptr < j + o->json_len;
    has_md = kinf_field(o, "metadata", &md) && md.type == KINF_VOBJECT;
    if (o->json_len < 2 || j[0] != '{') { return 0; }
    ok &= kinf__hub_puts(h, c, "{");
    if (!(kinf_field(o, "kind", &kd) && kd.ptr >= j && kd.ptr < j + o->json_len)) {
        ok &= kinf__hub_puts(h, c, "\"kind\":\"") && kinf__hub_puts(h, c, r->kind) && kinf__hub_puts(h, c, "\",\"apiVersion\":\"") &&
              kinf__hub_api_version(h, c, r) && kinf__hub_puts(h, c, "\"");
        if (j[1] != '}' || (!whole && !has_md)) { ok &= kinf__hub_puts(h, c, ","); }
    }
    if (whole) { return ok && kinf__hub_putn(h, c, j + 1, o->json_len - 1); }
    at = has_md ? (size_t)(md.ptr - j) + 1 : 1; /* after the '{' that opens metadata, or the object */
    ok &= kinf__hub_putn(h, c, j + 1, at - 1);
    if (!has_md) { ok &= kinf__hub_puts(h, c, "\"metadata\":{"); }
    ok &= kinf__hub_puts(h, c, "\"name\":\"") && kinf__hub_putj(h, c, o->name) && kinf__hub_puts(h, c, "\"");
    if (o->namespace_[0]) { ok &= kinf__hub_puts(h, c, ",\"namespace\":\"") && kinf__hub_putj(h, c, o->namespace_) && kinf__hub_puts(h, c, "\""); }
    if (o->uid[0]) { ok &= kinf__hub_puts(h, c, ",\"uid\":\"") && kinf__hub_putj(h, c, o->uid) && kinf__hub_puts(h, c, "\""); }
    ok &= kinf__hub_puts(h, c, ",\"resourceVersion\":\"") && kinf__hub_putj(h, c, o->resource_version) && kinf__hub_puts(h, c, "\"");
    if (!has_md) { ok &= kinf__hub_puts(h, c, "}"); }
    if (j[at] != '}') { ok &= kinf__hub_puts(h, c, ","); }
    return ok && kinf__hub_putn(h, c, j + at, o->json_len - at);
}
static const char* const kinf__hub_types[4] = { "ADDED", "MODIFIED", "DELETED", "BOOKMARK" };

/* >>hub select  Selectors as the API server reads them (src/selector.c);
   a KINF_NO_SELECTOR build refuses a request that has one. */
#ifndef KINF_NO_SELECTOR
static int kinf__hub_sel_parse(kinf__hsel* s, const char* label, const char* field, char* why, size_t cap) {
    return kinf_selector_parse(s, label, field, why, cap);
}
static int kinf__hub_sel_match(const kinf__hsel* s, const kinf_object_t* o) { return kinf_selector_match(s, o); }
static int kinf__hub_sel_unkept(const kinf__hsel* s, kinf_informer_t* inf, char* path, size_t cap) { return kinf_selector_unkept(s, inf, path, cap); }
#else
static int kinf__hub_sel_parse(kinf__hsel* s, const char* label, const char* field, char* why, size_t cap) {
    s->any = (uint8_t)(label[0] || field[0]);
    if (s->any) { kinf__strlcpy(why, "selectors are not served by this build", cap); return KINF_ERR_INVAL; }
    return KINF_OK;
}
static int kinf__hub_sel_match(const kinf__hsel* s, const kinf_object_t* o) { (void)o; return !s->any; }
static int kinf__hub_sel_unkept(const kinf__hsel* s, kinf_informer_t* inf, char* path, size_t cap) { (void)s; (void)inf; (void)path; (void)cap; return 0; }
#endif

/* >>hub ring ops */
static uint64_t kinf__hub_rvnum(const char* rv) { int64_t v = kinf__parse_dec(rv, strlen(rv)); return v < 0 ? 0 : (uint64_t)v; }
/* the resourceVersion a list or bookmark of r stands at: every change up
   to it delivered to the window (the informer's, once its queue is empty) */
static uint64_t kinf__hub_current(kinf__hres* r) {
    uint64_t v = r->last;
    if (kinf_stats(r->inf).fifo_len == 0) {
        uint64_t i = kinf__hub_rvnum(kinf_resource_version(r->inf));
        if (i > v) { v = i; }
    }
    return v;
}
static void kinf__hub_evict(kinf__hres* r, int cap) {
    r->floor = r->ev[r->tail % (uint64_t)cap].seq;
    r->tail++;
    r->hub->st.ring_evicted++;
}
/* forgets the window: watchers behind it end, and relist */
static void kinf__hub_ring_reset(kinf__hres* r, uint64_t floor) {
    r->tail = r->head;
    r->wpos = 0;
    r->floor = floor;
    if (r->last < floor) { r->last = floor; }
}
/* One change into r's window. */
static void kinf__hub_record(kinf__hres* r, int type, const kinf_object_t* o, uint64_t seq) {
    kinf_hub_t* h = r->hub;
    size_t kl = strlen(o->key), nsl = strlen(o->namespace_), idl = kl + 1 + nsl + 1, total;
    kinf__hcl tmp;
    kinf__hev* e;
    int ok, cap = h->ring_events;
    if (seq < r->last) { seq = r->last; }
    /* the event is written by the client writer into the area: a client view of it */
    memset(&tmp, 0, sizeof(tmp));
    if (r->head - r->tail >= (uint64_t)cap) { kinf__hub_evict(r, cap); }
    /* room for the largest entry this change can make is found as it is written:
       first at wpos, else (not fitting) from the start of the area */
    for (;;) {
        size_t room;
        if (r->tail == r->head) { room = h->ring_bytes - r->wpos; }
        else {
            size_t t = r->ev[r->tail % (uint64_t)cap].off;
            room = t >= r->wpos ? t - r->wpos : h->ring_bytes - r->wpos;
        }
        tmp.out = r->data + r->wpos; tmp.olen = 0; tmp.ocap = room;
        {
            ok = room > idl && kinf__hub_putn(h, &tmp, o->key, kl + 1) && kinf__hub_putn(h, &tmp, o->namespace_, nsl + 1) &&
                 kinf__hub_puts(h, &tmp, "{\"type\":\"") && kinf__hub_puts(h, &tmp, kinf__hub_types[type]) && kinf__hub_puts(h, &tmp, "\",\"object\":");
            total = tmp.olen;
            ok = ok && kinf__hub_obj(h, &tmp, &r->r, o) && kinf__hub_puts(h, &tmp, "}\n");
        }
        if (ok) { break; }
        if (r->tail == r->head && r->wpos == 0) {
            /* larger than the whole area: the window cannot hold it */
            KINF__HUB_LOG(h, WARN, HUB_WINDOW_RESET, r->r.name, o->key);
            kinf__hub_ring_reset(r, seq);
            return;
        }
        if (r->tail != r->head && r->ev[r->tail % (uint64_t)cap].off >= r->wpos) { kinf__hub_evict(r, cap); }
        else { r->wpos = 0; }
        if (r->tail == r->head) { r->wpos = 0; }
    }
    e = &r->ev[r->head % (uint64_t)cap];
    e->seq = seq; e->off = (uint32_t)r->wpos; e->len = (uint32_t)tmp.olen;
    e->ev = (uint32_t)idl; e->klen = (uint16_t)kl; e->nslen = (uint16_t)nsl;
    e->obj = (uint32_t)(total - idl); e->objlen = (uint32_t)(tmp.olen - total - 2);
    r->head++;
    r->wpos += tmp.olen;
    r->last = seq;
}
static void kinf__hub_on_add(kinf_informer_t* inf, const kinf_object_t* o, void* u) {
    kinf__hres* r = (kinf__hres*)u;
    (void)inf;
    if (r->synced) { kinf__hub_record(r, 0, o, kinf__hub_rvnum(o->resource_version)); }
}
static void kinf__hub_on_update(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    kinf__hres* r = (kinf__hres*)u;
    (void)inf; (void)old;
    if (r->synced) { kinf__hub_record(r, 1, o, kinf__hub_rvnum(o->resource_version)); }
}
static void kinf__hub_on_delete(kinf_informer_t* inf, const kinf_object_t* o, int unknown, void* u) {
    kinf__hres* r = (kinf__hres*)u;
    /* a delete seen only at a relist happened before the informer's resourceVersion */
    uint64_t seq = unknown ? kinf__hub_rvnum(kinf_resource_version(inf)) : kinf__hub_rvnum(o->resource_version);
    if (r->synced) { kinf__hub_record(r, 2, o, seq); }
}
static void kinf__hub_on_oversized(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    kinf__hres* r = (kinf__hres*)u;
    (void)inf; (void)old;
    if (!r->synced) { return; }
    KINF__HUB_LOG(r->hub, WARN, HUB_WINDOW_RESET, r->r.name, o->key);
    kinf__hub_ring_reset(r, kinf__hub_rvnum(o->resource_version));
}
/* a view of entry e of r's window as an object (for selectors) */
static void kinf__hub_ev_view(const kinf__hres* r, const kinf__hev* e, kinf_object_t* o) {
    const char* p = (const char*)r->data + e->off;
    memset(o, 0, sizeof(*o));
    o->key = p;
    o->namespace_ = p + e->klen + 1;
    o->name = e->nslen ? p + e->nslen + 1 : p;
    o->uid = "";
    o->resource_version = "";
    o->json = p + e->ev + e->obj;
    o->json_len = e->objlen;
}

/* >>hub forward  The fourth owner of a connection (docs/architecture.md):
   a request the cache does not answer goes to the API server as the client
   wrote it, with the client's own Authorization and none of the hub's
   credentials; the response comes back re-framed as chunked, at the
   client's pace (a full send buffer stops the reads). */
#define KINF__HUB_FW_HEAD (KINF_MAX_HEAD_BYTES + 512u)
typedef struct kinf__hfw {
    kinf_engine_t conn;
    struct kinf_hub_t* hub;
    int idx;                      /* its place among the hub's */
    int cl;                       /* the client slot served, -1: free */
    int id;                       /* its id */
    char* req;                    /* the request head, then its body */
    size_t hlen, blen, bneed;
    int head_sent;
    char path[256];               /* for log lines */
    char prefix[KINF__MAX_STR];
} kinf__hfw;
static kinf__hfw* kinf__hub_fwat(kinf_hub_t* h, int i) { return (kinf__hfw*)(void*)((uint8_t*)h->fw + (size_t)i * h->fw_block); }
static kinf__hcl* kinf__hub_fw_client(kinf__hfw* w) { return w->cl >= 0 ? kinf__hub_cl(w->hub, w->id) : 0; }
/* the forwarder lets its client go: the exchange, if not whole, is dropped */
static void kinf__hub_fw_free(kinf__hfw* w, int keep) {
    kinf__hcl* c = kinf__hub_fw_client(w);
    if (c) { c->fw = -1; }
    if (!keep) { kinf__conn_drop(&w->conn); }
    w->conn.cstate = KINF__C_NONE;
    w->cl = -1;
}
/* the value of header name (lowercase) in the raw head h[0..n), or NULL */
static const char* kinf__hub_hdr(const char* h, size_t n, const char* name, size_t* len) {
    size_t i = 0, nl = strlen(name);
    while (i < n) {
        size_t e = i, v;
        while (e < n && h[e] != '\n') { e++; }
        if (e - i > nl && h[i + nl] == ':' && kinf__ieq(h + i, nl, name)) {
            size_t ve = e;
            v = i + nl + 1;
            while (v < ve && (h[v] == ' ' || h[v] == '\t')) { v++; }
            while (ve > v && (h[ve - 1] == '\r' || h[ve - 1] == ' ' || h[ve - 1] == '\t')) { ve--; }
            *len = ve - v;
            return h + v;
        }
        i = e + 1;
    }
    return 0;
}
static int kinf__hub_fw_head(void* owner) {
    kinf__hfw* w = (kinf__hfw*)owner;
    kinf__hcl* c = kinf__hub_fw_client(w);
    kinf_hub_t* h = w->hub;
    size_t tl = 0;
    const char* ct = kinf__hub_hdr(w->conn.head, w->conn.hlen, "content-type", &tl);
    char reason[48];
    int ok, code = w->conn.resp.status;
    if (!c) { return -1; }
    /* the status line as the server wrote it: its reason phrase, bounded */
    {
        const char* sp = (const char*)memchr(w->conn.head + 9, ' ', w->conn.hlen > 9 ? w->conn.hlen - 9 : 0);
        size_t k = 0;
        if (sp) { sp++; while (k + 1 < sizeof(reason) && sp + k < w->conn.head + w->conn.hlen && sp[k] >= 0x20 && sp[k] < 0x7f) { reason[k] = sp[k]; k++; } }
        reason[k] = 0;
    }
    ok = kinf__hub_puts(h, c, "HTTP/1.1 ") && kinf__hub_putu(h, c, (uint64_t)code) && kinf__hub_puts(h, c, " ") && kinf__hub_puts(h, c, reason) &&
         kinf__hub_puts(h, c, "\r\n");
    if (ct) { ok &= kinf__hub_puts(h, c, "Content-Type: ") && kinf__hub_putn(h, c, ct, tl) && kinf__hub_puts(h, c, "\r\n"); }
    if (c->close_after) { ok &= kinf__hub_puts(h, c, "Connection: close\r\n"); }
    ok &= kinf__hub_puts(h, c, "Transfer-Encoding: chunked\r\n\r\n");
    if (!ok) { return -1; }
    w->head_sent = 1;
    return 0;
}
/* the response's body bytes into the client's buffer, as chunks, as many as fit */
static void kinf__hub_fw_advance(void* owner) {
    kinf__hfw* w = (kinf__hfw*)owner;
    kinf__hcl* c = kinf__hub_fw_client(w);
    kinf_hub_t* h = w->hub;
    if (!c || w->conn.cstate != KINF__C_RECV || !w->head_sent) { return; }
    while (kinf__conn_pending(&w->conn)) {
        const uint8_t* b = 0;
        long k = kinf__conn_next(&w->conn, &b);
        size_t room, at;
        if (k < 0) { c->st = KINF__HC_CLOSE; kinf__hub_fw_free(w, 0); return; }
        if (k == 0) { continue; }
        room = c->ocap - c->olen;
        if (room < 64) { return; } /* the client's buffer is full: no read until it drains */
        room -= 16;
        if ((size_t)k > room) { k = (long)room; }
        at = kinf__hub_chunk_open(h, c);
        (void)kinf__hub_putn(h, c, (const char*)b, (size_t)k);
        (void)kinf__hub_chunk_close(h, c, at);
        kinf__conn_take(&w->conn, (size_t)k);
    }
    if (w->conn.body_done) {
        if (c->ocap - c->olen < 8) { return; }
        (void)kinf__hub_puts(h, c, "0\r\n\r\n");
        kinf__conn_finished(&w->conn);
        c->st = KINF__HC_SEND;
        kinf__hub_fw_free(w, w->conn.reusable);
    }
}
static void kinf__hub_fw_lost(void* owner, int why, uint32_t item) {
    kinf__hfw* w = (kinf__hfw*)owner;
    kinf__hcl* c = kinf__hub_fw_client(w);
    (void)why; (void)item;
    w->hub->st.forward_failed++;
    KINF__HUB_LOG(w->hub, WARN, HUB_FORWARD_FAILED, w->path, 0);
    if (c) {
        if (!w->head_sent) {
            c->olen = c->opos = 0;
            kinf__hub_status(w->hub, c, 503, "ServiceUnavailable", "the API server is unreachable from this node: ", w->path, 0, 0);
        } else { c->st = KINF__HC_CLOSE; } /* its response is cut: the client sees the connection end */
    }
    kinf__hub_fw_free(w, 0);
}
static unsigned kinf__hub_fw_gate(const void* owner) { (void)owner; return KINF_ENG_RECV; }
static uint64_t kinf__hub_fw_deadline(const void* owner) { (void)owner; return UINT64_MAX; }
static int kinf__hub_fw_build(void* owner) { (void)owner; return 1; } /* no token of the hub's: nothing to build again */
static void kinf__hub_fw_log(void* owner, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    kinf__hub_log(((kinf__hfw*)owner)->hub, level, item, d1, d2, line);
}
static const kinf__conn_ops kinf__hub_fw_ops = {
    kinf__hub_fw_advance, kinf__hub_fw_build, kinf__hub_fw_head, kinf__hub_fw_lost, kinf__hub_fw_gate, kinf__hub_fw_deadline, 0, kinf__hub_fw_log
};
/* the body has come: the request goes */
static void kinf__hub_fw_go(kinf_hub_t* h, kinf__hcl* c) {
    kinf__hfw* w = kinf__hub_fwat(h, c->fw);
    c->st = KINF__HC_FWD;
    w->conn.wbuf = w->req;
    w->conn.wlen = w->hlen + w->blen; w->conn.wpos = 0;
    w->head_sent = 0;
    h->st.forwarded++;
    kinf__conn_start(&w->conn);
}
/* body bytes in the client's read buffer to its forwarder */
static void kinf__hub_fw_feed(kinf_hub_t* h, kinf__hcl* c) {
    kinf__hfw* w;
    size_t k;
    if (c->st != KINF__HC_FWD_BODY || c->fw < 0) { return; }
    w = kinf__hub_fwat(h, c->fw);
    k = w->bneed - w->blen < c->ilen ? w->bneed - w->blen : c->ilen;
    memcpy(w->req + w->hlen + w->blen, c->in, k);
    w->blen += k;
    memmove(c->in, c->in + k, c->ilen - k);
    c->ilen -= k;
    if (w->blen == w->bneed) { kinf__hub_fw_go(h, c); }
}
/* a request to forward: its head rebuilt (the client's Authorization,
   Accept, Content-Type and Content-Length; the hub's Host), its body read */
static void kinf__hub_forward(kinf_hub_t* h, kinf__hcl* c, const char* raw, size_t rawlen, const kinf__hreq* q) {
    static const char* const keep[] = { "authorization", "accept", "content-type", "content-length", "impersonate-user",
                                        "impersonate-group", "impersonate-uid", 0 };
    char extra[KINF_MAX_HEAD_BYTES];
    size_t o = 0, ml, i, pl;
    kinf__hfw* w = 0;
    int k, ok;
    for (k = 0; k < h->nfw && !w; k++) { if (kinf__hub_fwat(h, k)->cl < 0) { w = kinf__hub_fwat(h, k); } }
    if (!w) {
        kinf__hub_status(h, c, 503, "ServiceUnavailable", "every forwarding connection is busy: retry", 0, 0, 0);
        return;
    }
    if (q->chunked) { kinf__hub_status(h, c, 411, "LengthRequired", "a forwarded request needs a Content-Length", 0, 0, 0); return; }
    if (q->clen > (int64_t)h->fw_body) {
        c->close_after = 1;
        kinf__hub_status(h, c, 413, "RequestEntityTooLarge", "the request body is larger than the hub forwards", 0, 0, 0);
        return;
    }
    extra[0] = 0;
    for (k = 0; keep[k]; k++) {
        size_t vl;
        const char* v = kinf__hub_hdr(raw, rawlen, keep[k], &vl);
        if (!v) { continue; }
        ok = kinf__put(extra, sizeof(extra), &o, keep[k]) && kinf__put(extra, sizeof(extra), &o, ": ");
        if (!ok || o + vl + 3 >= sizeof(extra)) { kinf__hub_status(h, c, 431, "RequestHeaderFieldsTooLarge", "header fields too large", 0, 0, 0); return; }
        memcpy(extra + o, v, vl); o += vl;
        extra[o] = 0;
        (void)kinf__put(extra, sizeof(extra), &o, "\r\n");
    }
    /* the request line: the method and the target as written (the target was checked to be visible ASCII) */
    for (ml = 0; ml < rawlen && raw[ml] != ' '; ml++) {}
    pl = q->path_len + (q->query_len ? q->query_len + 1 : 0);
    o = 0;
    w->req[0] = 0;
    ok = ml + 1 + pl < KINF__HUB_FW_HEAD;
    if (ok) {
        memcpy(w->req, raw, ml + 1);
        memcpy(w->req + ml + 1, q->path, pl);
        o = ml + 1 + pl;
        w->req[o] = 0;
        ok = kinf__conn_headers(&w->conn, w->req, KINF__HUB_FW_HEAD, &o, extra, "Connection: keep-alive\r\n");
    }
    if (!ok) { kinf__hub_status(h, c, 431, "RequestHeaderFieldsTooLarge", "the request is too large to forward", 0, 0, 0); return; }
    i = q->path_len < sizeof(w->path) - 1 ? q->path_len : sizeof(w->path) - 1;
    memcpy(w->path, q->path, i); w->path[i] = 0;
    w->hlen = o; w->blen = 0; w->bneed = q->clen > 0 ? (size_t)q->clen : 0;
    w->cl = (int)(c - h->cl);
    w->id = kinf__hub_id(c, w->cl);
    c->fw = w->idx;
    c->skip = 0;
    c->st = KINF__HC_FWD_BODY;
}

/* >>hub serve  What a request asks for, answered from the cache. */
static kinf__hres* kinf__hub_find(kinf_hub_t* h, const char* group, size_t gl, const char* ver, size_t vl, const char* plural, size_t pl) {
    int i;
    for (i = 0; i < h->nres; i++) {
        const kinf_resource_t* r = &h->res[i].r;
        if (strlen(r->group) == gl && !memcmp(r->group, group, gl) && strlen(r->version) == vl && !memcmp(r->version, ver, vl) &&
            strlen(r->plural) == pl && !memcmp(r->plural, plural, pl)) {
            return &h->res[i];
        }
    }
    return 0;
}
static int kinf__hub_has_gv(kinf_hub_t* h, const char* group, size_t gl, const char* ver, size_t vl) {
    int i;
    for (i = 0; i < h->nres; i++) {
        const kinf_resource_t* r = &h->res[i].r;
        if (strlen(r->group) == gl && !memcmp(r->group, group, gl) && (!ver || (strlen(r->version) == vl && !memcmp(r->version, ver, vl)))) { return 1; }
    }
    return 0;
}
/* the body of a discovery document, chunked */
static void kinf__hub_resource_list(kinf_hub_t* h, kinf__hcl* c, const char* group, size_t gl, const char* ver, size_t vl) {
    static const char* const verbs[8] = { "get", "list", "watch", "create", "update", "patch", "delete", "deletecollection" };
    size_t at;
    int i, k, first = 1, ok;
    ok = kinf__hub_head(h, c, 200, "application/json", -1, 0);
    at = kinf__hub_chunk_open(h, c);
    ok &= at != (size_t)-1 && kinf__hub_puts(h, c, "{\"kind\":\"APIResourceList\",\"apiVersion\":\"v1\",\"groupVersion\":\"");
    if (gl) { ok &= kinf__hub_putn(h, c, group, gl) && kinf__hub_puts(h, c, "/"); }
    ok &= kinf__hub_putn(h, c, ver, vl) && kinf__hub_puts(h, c, "\",\"resources\":[");
    for (i = 0; i < h->nres && ok; i++) {
        const kinf_resource_t* r = &h->res[i].r;
        if (strlen(r->group) != gl || memcmp(r->group, group, gl) || strlen(r->version) != vl || memcmp(r->version, ver, vl)) { continue; }
        ok &= kinf__hub_puts(h, c, first ? "{\"name\":\"" : ",{\"name\":\"") && kinf__hub_putj(h, c, r->plural) &&
              kinf__hub_puts(h, c, "\",\"singularName\":\"") && kinf__hub_putj(h, c, r->singular) &&
              kinf__hub_puts(h, c, r->namespaced ? "\",\"namespaced\":true" : "\",\"namespaced\":false") &&
              kinf__hub_puts(h, c, ",\"kind\":\"") && kinf__hub_putj(h, c, r->kind) && kinf__hub_puts(h, c, "\",\"verbs\":[");
        first = 0;
        for (k = 0; k < 8; k++) {
            if (r->verbs & (1u << k)) { ok &= kinf__hub_puts(h, c, (r->verbs & ((1u << k) - 1u)) ? ",\"" : "\"") && kinf__hub_puts(h, c, verbs[k]) && kinf__hub_puts(h, c, "\""); }
        }
        ok &= kinf__hub_puts(h, c, "]");
        if (r->short_names[0]) {
            const char* s = r->short_names;
            ok &= kinf__hub_puts(h, c, ",\"shortNames\":[\"");
            for (; *s && ok; s++) { ok &= *s == ',' ? kinf__hub_puts(h, c, "\",\"") : kinf__hub_putn(h, c, s, 1); }
            ok &= kinf__hub_puts(h, c, "\"]");
        }
        ok &= kinf__hub_puts(h, c, "}");
    }
    ok &= kinf__hub_puts(h, c, "]}") && kinf__hub_chunk_close(h, c, at) && kinf__hub_puts(h, c, "0\r\n\r\n");
    c->st = ok ? KINF__HC_SEND : KINF__HC_CLOSE;
}
static void kinf__hub_groups(kinf_hub_t* h, kinf__hcl* c) {
    size_t at;
    int i, k, ok, first = 1;
    ok = kinf__hub_head(h, c, 200, "application/json", -1, 0);
    at = kinf__hub_chunk_open(h, c);
    ok &= at != (size_t)-1 && kinf__hub_puts(h, c, "{\"kind\":\"APIGroupList\",\"apiVersion\":\"v1\",\"groups\":[");
    for (i = 0; i < h->nres && ok; i++) {
        const kinf_resource_t* r = &h->res[i].r;
        int seen = 0;
        if (!r->group[0]) { continue; }
        for (k = 0; k < i && !seen; k++) { seen = !strcmp(h->res[k].r.group, r->group); }
        if (seen) { continue; }
        ok &= kinf__hub_puts(h, c, first ? "{\"name\":\"" : ",{\"name\":\"") && kinf__hub_putj(h, c, r->group) && kinf__hub_puts(h, c, "\",\"versions\":[");
        first = 0;
        for (k = i; k < h->nres && ok; k++) {
            const kinf_resource_t* q = &h->res[k].r;
            int dup = 0, m;
            if (strcmp(q->group, r->group)) { continue; }
            for (m = i; m < k && !dup; m++) { dup = !strcmp(h->res[m].r.group, r->group) && !strcmp(h->res[m].r.version, q->version); }
            if (dup) { continue; }
            ok &= kinf__hub_puts(h, c, k == i ? "{\"groupVersion\":\"" : ",{\"groupVersion\":\"") && kinf__hub_api_version(h, c, q) &&
                  kinf__hub_puts(h, c, "\",\"version\":\"") && kinf__hub_putj(h, c, q->version) && kinf__hub_puts(h, c, "\"}");
        }
        ok &= kinf__hub_puts(h, c, "],\"preferredVersion\":{\"groupVersion\":\"") && kinf__hub_api_version(h, c, r) &&
              kinf__hub_puts(h, c, "\",\"version\":\"") && kinf__hub_putj(h, c, r->version) && kinf__hub_puts(h, c, "\"}}");
    }
    ok &= kinf__hub_puts(h, c, "]}") && kinf__hub_chunk_close(h, c, at) && kinf__hub_puts(h, c, "0\r\n\r\n");
    c->st = ok ? KINF__HC_SEND : KINF__HC_CLOSE;
}
/* does object o belong to client c's list or watch? */
static int kinf__hub_wants(const kinf__hcl* c, const kinf_object_t* o) {
    return (!c->ns[0] || !strcmp(c->ns, o->namespace_)) && kinf__hub_sel_match(&c->sel, o);
}
/* The list's items, as many as fit; the end of the list when done. */
static void kinf__hub_fill_list(kinf_hub_t* h, kinf__hcl* c) {
    kinf__hres* r = &h->res[c->res];
    kinf_object_t o;
    for (;;) {
        size_t mark = c->olen, at;
        kinf_iter_t save = c->it;
        int more = c->limit <= 0 || c->items < c->limit;
        if (more && kinf_next(r->inf, &c->it, &o)) {
            if (!kinf__hub_wants(c, &o)) { continue; }
            at = kinf__hub_chunk_open(h, c);
            if (at == (size_t)-1 || !kinf__hub_puts(h, c, c->first ? "" : ",") || !kinf__hub_obj(h, c, &r->r, &o) || !kinf__hub_chunk_close(h, c, at)) {
                c->olen = mark; c->it = save; /* later, when the buffer has room */
                return;
            }
            c->first = 0;
            c->items++;
            continue;
        }
        /* the end: metadata after the items, with the continue token when more are left */
        at = kinf__hub_chunk_open(h, c);
        {
            int ok = at != (size_t)-1 && kinf__hub_puts(h, c, "],\"metadata\":{\"resourceVersion\":\"") && kinf__hub_putu(h, c, c->rv) &&
                     kinf__hub_puts(h, c, "\"");
            if (!more) {
                kinf_object_t peek;
                kinf_iter_t p = c->it;
                int left = 0;
                while (!left && kinf_next(r->inf, &p, &peek)) { left = kinf__hub_wants(c, &peek); }
                if (left) {
                    ok &= kinf__hub_puts(h, c, ",\"continue\":\"") && kinf__hub_putu(h, c, c->rv) && kinf__hub_puts(h, c, ".") &&
                          kinf__hub_putu(h, c, c->it.pos) && kinf__hub_puts(h, c, "\"");
                }
            }
            ok &= kinf__hub_puts(h, c, "}}") && kinf__hub_chunk_close(h, c, at) && kinf__hub_puts(h, c, "0\r\n\r\n");
            if (!ok) { c->olen = mark; return; }
        }
        c->st = KINF__HC_SEND;
        return;
    }
}
/* A bookmark at r's current resourceVersion; end: the watch-list's end of the initial events. */
static int kinf__hub_bookmark(kinf_hub_t* h, kinf__hcl* c, kinf__hres* r, int end) {
    size_t mark = c->olen, at = kinf__hub_chunk_open(h, c);
    int ok = at != (size_t)-1 && kinf__hub_puts(h, c, "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"") && kinf__hub_puts(h, c, r->r.kind) &&
             kinf__hub_puts(h, c, "\",\"apiVersion\":\"") && kinf__hub_api_version(h, c, &r->r) &&
             kinf__hub_puts(h, c, "\",\"metadata\":{\"resourceVersion\":\"") && kinf__hub_putu(h, c, kinf__hub_current(r)) &&
             kinf__hub_puts(h, c, end ? "\",\"annotations\":{\"k8s.io/initial-events-end\":\"true\"}}}}\n" : "\"}}}\n") &&
             kinf__hub_chunk_close(h, c, at);
    if (!ok) { c->olen = mark; return 0; }
    h->st.bookmarks_sent++;
    c->t_bm = h->now;
    return 1;
}
/* ends a streamed response; the connection is kept unless the request closes it */
static void kinf__hub_end_stream(kinf_hub_t* h, kinf__hcl* c) {
    if (!kinf__hub_puts(h, c, "0\r\n\r\n")) { c->close_after = 1; }
    c->st = KINF__HC_SEND;
}
/* A watch: its initial events from the store, then the window's changes
   after its cursor, and bookmarks; ended when it falls behind the window. */
static void kinf__hub_fill_watch(kinf_hub_t* h, kinf__hcl* c) {
    kinf__hres* r = &h->res[c->res];
    int cap = h->ring_events;
    kinf_object_t o;
    while (c->initial) {
        size_t mark = c->olen, at;
        kinf_iter_t save = c->it;
        if (!kinf_next(r->inf, &c->it, &o)) {
            c->initial = 0;
            if (c->end_bm && !kinf__hub_bookmark(h, c, r, 1)) { c->initial = 1; c->it = save; return; }
            break;
        }
        if (!kinf__hub_wants(c, &o)) { continue; }
        at = kinf__hub_chunk_open(h, c);
        if (at == (size_t)-1 || !kinf__hub_puts(h, c, "{\"type\":\"ADDED\",\"object\":") || !kinf__hub_obj(h, c, &r->r, &o) ||
            !kinf__hub_puts(h, c, "}\n") || !kinf__hub_chunk_close(h, c, at)) {
            c->olen = mark; c->it = save;
            return;
        }
        h->st.events_sent++;
    }
    if (c->cursor < r->tail) {
        /* the window moved past this watcher: its watch ends, it resumes and is told 410 */
        KINF__HUB_LOG(h, INFO, HUB_SLOW_CLIENT, r->r.name, " (the window of changes passed it)");
        h->st.slow_ended++;
        kinf__hub_end_stream(h, c);
        return;
    }
    while (c->cursor < r->head) {
        const kinf__hev* e = &r->ev[c->cursor % (uint64_t)cap];
        const char* p = (const char*)r->data + e->off;
        size_t at, mark = c->olen;
        int type = p[e->ev + 9] == 'A' ? 0 : p[e->ev + 9] == 'M' ? 1 : 2;
        kinf_object_t v;
        kinf__hub_ev_view(r, e, &v);
        /* a change that takes an object out of the selector is a delete to this watcher */
        if (!c->ns[0] || !strcmp(c->ns, v.namespace_)) {
            int match = kinf__hub_sel_match(&c->sel, &v);
            if (match || type == 1) {
                at = kinf__hub_chunk_open(h, c);
                if (at == (size_t)-1 || !kinf__hub_puts(h, c, "{\"type\":\"") || !kinf__hub_puts(h, c, kinf__hub_types[match ? type : 2]) ||
                    !kinf__hub_puts(h, c, "\",\"object\":") || !kinf__hub_putn(h, c, v.json, v.json_len) || !kinf__hub_puts(h, c, "}\n") ||
                    !kinf__hub_chunk_close(h, c, at)) {
                    c->olen = mark;
                    return;
                }
                h->st.events_sent++;
            }
        }
        c->cursor++;
    }
    if (c->t_end && h->now >= c->t_end) { kinf__hub_end_stream(h, c); return; }
    if (c->bookmarks && h->now >= c->t_bm + (uint64_t)h->d.bookmark_ms) { (void)kinf__hub_bookmark(h, c, r, 0); }
}
/* the first entry of r's window after resourceVersion rv, or -1: not in the window (410) */
static int kinf__hub_seek(const kinf__hres* r, uint64_t rv, int cap, uint64_t* out) {
    uint64_t i;
    if (rv < r->floor) { return -1; }
    for (i = r->tail; i < r->head && r->ev[i % (uint64_t)cap].seq <= rv; i++) {}
    *out = i;
    return 0;
}
/* the next term of a selector as written, from s: split at the commas
   outside parentheses (not those of "in (a,b)"), spaces trimmed; 0 at the end */
static const char* kinf__hub_term(const char* s, const char** t, size_t* tl) {
    const char* e;
    int depth = 0;
    while (*s == ' ' || *s == ',') { s++; }
    if (!*s) { return 0; }
    for (e = s; *e && (depth || *e != ','); e++) { depth += *e == '('; depth -= *e == ')' && depth; }
    *t = s; *tl = (size_t)(e - s);
    while (*tl && s[*tl - 1] == ' ') { (*tl)--; }
    return e;
}
/* two values of a set, in byte order */
static int kinf__hub_vcmp(const char* a, size_t al, const char* b, size_t bl) {
    int c = memcmp(a, b, al < bl ? al : bl);
    return c ? c : (al > bl) - (al < bl);
}
/* A term in one spelling of the ways it may be written, into out (cap
   bytes; its length, or cap when it does not fit): one space between two
   words (a key and "in", "notin"), none elsewhere, "==" as "=", a set's
   values in byte order and each once, and "k in (v)" of one value as
   "k=v" (Kubernetes reads them alike). */
static size_t kinf__hub_canon(const char* t, size_t tl, char* out, size_t cap) {
    size_t i = 0, n = 0, k;
    int word = 0, sp = 0; /* the last written was a word's; spaces since */
    while (i < tl) {
        char ch = t[i];
        if (ch == ' ') { sp = 1; i++; continue; }
        if (ch == '=' || ch == '!' || ch == '(' || ch == ')' || ch == ',') {
            if (n >= cap) { return cap; }
            out[n++] = ch;
            i += (ch == '=' && i + 1 < tl && t[i + 1] == '=') ? 2u : 1u; /* "==" is "=" */
            word = 0; sp = 0;
            continue;
        }
        if (word && sp) { if (n >= cap) { return cap; } out[n++] = ' '; }
        if (n >= cap) { return cap; }
        out[n++] = ch;
        word = 1; sp = 0; i++;
    }
    /* a set's values, "(v1,v2,...)" at the end: in byte order, each once */
    {
        const char* op = (const char*)memchr(out, '(', n);
        if (op && out[n - 1] == ')' && n - (size_t)(op - out) > 2) {
            size_t a = (size_t)(op - out) + 1, b = n - 1, w = 0, nv = 0;
            char set[KINF__MAX_STR];
            const char* last = 0;
            size_t lastl = 0;
            for (;;) { /* the least value after the last one written */
                const char *v = out + a, *best = 0;
                size_t bl = 0;
                while (v <= out + b) {
                    const char* e = (const char*)memchr(v, ',', (size_t)(out + b - v));
                    size_t vl;
                    if (!e) { e = out + b; }
                    vl = (size_t)(e - v);
                    if ((!last || kinf__hub_vcmp(v, vl, last, lastl) > 0) && (!best || kinf__hub_vcmp(v, vl, best, bl) < 0)) { best = v; bl = vl; }
                    v = e + 1;
                }
                if (!best) { break; }
                if (nv++) { set[w++] = ','; }
                memcpy(set + w, best, bl); w += bl;
                last = best; lastl = bl;
            }
            /* "k in(v)" of one value, v not empty: "k=v" */
            k = a - 4; /* where " in(" would begin */
            if (nv == 1 && w && a >= 5 && !memcmp(out + k, " in(", 4) && !memchr(out, ' ', k)) {
                out[k] = '=';
                memcpy(out + k + 1, set, w);
                return k + 1 + w;
            }
            memcpy(out + a, set, w); /* w <= b - a: each value once, no more commas */
            out[a + w] = ')';
            n = a + w + 1;
        }
    }
    return n;
}
/* does a request's selector hold every term of the cache's own selector
   (each in its one spelling, kinf__hub_canon)? Then every object it asks
   for is in the cache. (A term written another way, say a set of values
   in another order, is not recognised: the request is forwarded.) */
static int kinf__hub_covers(const char* req, const char* own) {
    const char *o = own, *ot, *qt;
    char oc[KINF__MAX_STR], qc[KINF__MAX_STR];
    size_t ol, ql, on, qn;
    while ((o = kinf__hub_term(o, &ot, &ol)) != 0) {
        const char* q = req;
        int found = 0;
        on = kinf__hub_canon(ot, ol, oc, sizeof(oc));
        while (!found && (q = kinf__hub_term(q, &qt, &ql)) != 0) {
            qn = kinf__hub_canon(qt, ql, qc, sizeof(qc));
            found = on < sizeof(oc) && qn == on && !memcmp(qc, oc, on);
        }
        if (!found) { return 0; }
    }
    return 1;
}
/* A list, a get or a watch of a cached resource. */
static void kinf__hub_resource(kinf_hub_t* h, kinf__hcl* c, const kinf__hreq* q, kinf__hres* r, const char* ns, const char* name,
                               const char* raw, size_t rawlen) {
    char lsel[KINF__MAX_STR], fsel[KINF__MAX_STR], v[KINF__MAX_STR], why[256];
    const char* qs = q->query;
    size_t qn = q->query_len;
    int watch;
    if (!r->synced) {
        kinf__hub_status(h, c, 503, "ServiceUnavailable", "the cache of this resource has not synced yet: ", r->r.name, r, 0);
        return;
    }
    if (name) {
        char key[KINF__MAX_KEY + 1];
        kinf_object_t o;
        size_t at;
        int ok;
        key[0] = 0;
        if (ns[0]) { kinf__cat(key, sizeof(key), ns); kinf__cat(key, sizeof(key), "/"); }
        if (!kinf__cat(key, sizeof(key), name) || !kinf_get(r->inf, key, &o)) {
            char msg[KINF__MAX_NAME * 2 + 32];
            if ((r->inf->lsel[0] || r->inf->fsel[0]) && h->nfw) { kinf__hub_forward(h, c, raw, rawlen, q); return; } /* outside the cache's selector, maybe */
            msg[0] = 0;
            kinf__cat(msg, sizeof(msg), r->r.plural); kinf__cat(msg, sizeof(msg), " \""); kinf__cat(msg, sizeof(msg), name);
            h->st.not_found++;
            kinf__hub_status(h, c, 404, "NotFound", msg, "\" not found", r, name);
            return;
        }
        h->st.gets++;
        ok = kinf__hub_head(h, c, 200, "application/json", -1, r->inf);
        at = kinf__hub_chunk_open(h, c);
        ok &= at != (size_t)-1 && kinf__hub_obj(h, c, &r->r, &o) && kinf__hub_chunk_close(h, c, at) && kinf__hub_puts(h, c, "0\r\n\r\n");
        c->st = ok ? KINF__HC_SEND : KINF__HC_CLOSE;
        return;
    }
    if (kinf__hub_qget(qs, qn, "labelSelector", lsel, sizeof(lsel)) < 0 || kinf__hub_qget(qs, qn, "fieldSelector", fsel, sizeof(fsel)) < 0) {
        kinf__hub_status(h, c, 400, "BadRequest", "a selector is malformed or too long", 0, 0, 0);
        return;
    }
    if (!kinf__hub_covers(lsel, r->inf->lsel) || !kinf__hub_covers(fsel, r->inf->fsel)) {
        /* the cache holds only the objects of its own selector: a request without it asks for more */
        if (h->nfw) { kinf__hub_forward(h, c, raw, rawlen, q); return; }
        h->st.bad_requests++;
        kinf__hub_status(h, c, 400, "BadRequest", "this node-local cache holds only the objects of its selector, which the request lacks: ",
                         r->inf->lsel[0] ? r->inf->lsel : r->inf->fsel, 0, 0);
        return;
    }
    if (kinf__hub_sel_parse(&c->sel, lsel, fsel, why, sizeof(why)) != KINF_OK) {
        h->st.bad_requests++;
        kinf__hub_status(h, c, 400, "BadRequest", why, 0, 0, 0);
        return;
    }
    if (kinf__hub_sel_unkept(&c->sel, r->inf, why, sizeof(why))) {
        /* a field the cache does not keep cannot be judged from it */
        h->st.bad_requests++;
        kinf__hub_status(h, c, 400, "BadRequest", "this node-local cache does not keep the field the selector reads: ", why, 0, 0);
        return;
    }
    kinf__strlcpy(c->ns, ns, sizeof(c->ns));
    c->res = (int)(r - h->res);
    memset(&c->it, 0, sizeof(c->it));
    c->items = 0; c->first = 1;
    watch = kinf__hub_qget(qs, qn, "watch", v, sizeof(v)) > 0 && kinf__hub_truthy(v);
    if (!watch) {
        c->limit = 0;
        if (kinf__hub_qget(qs, qn, "limit", v, sizeof(v)) > 0) { int64_t l = kinf__parse_dec(v, strlen(v)); c->limit = l > 0 ? (long)l : 0; }
        c->rv = kinf__hub_current(r);
        if (kinf__hub_qget(qs, qn, "continue", v, sizeof(v)) > 0 && v[0]) {
            const char* dot = strchr(v, '.');
            int64_t crv = dot ? kinf__parse_dec(v, (size_t)(dot - v)) : -1, pos = dot ? kinf__parse_dec(dot + 1, strlen(dot + 1)) : -1;
            if (crv < 0 || pos < 0 || pos > 0xffffffffll) {
                kinf__hub_status(h, c, 400, "BadRequest", "the continue token is malformed", 0, 0, 0);
                return;
            }
            if ((uint64_t)crv < r->floor) {
                h->st.expired++;
                kinf__hub_status(h, c, 410, "Expired", "the continue token is too old: list again from the start", 0, 0, 0);
                return;
            }
            c->rv = (uint64_t)crv;
            c->it.pos = (uint32_t)pos;
        }
        h->st.lists++;
        if (!kinf__hub_head(h, c, 200, "application/json", -1, r->inf)) { c->st = KINF__HC_CLOSE; return; }
        {
            size_t at = kinf__hub_chunk_open(h, c);
            int ok = at != (size_t)-1 && kinf__hub_puts(h, c, "{\"kind\":\"") && kinf__hub_puts(h, c, r->r.kind) && kinf__hub_puts(h, c, "List\",\"apiVersion\":\"") &&
                     kinf__hub_api_version(h, c, &r->r) && kinf__hub_puts(h, c, "\",\"items\":[") && kinf__hub_chunk_close(h, c, at);
            if (!ok) { c->st = KINF__HC_CLOSE; return; }
        }
        c->st = KINF__HC_LIST;
        kinf__hub_fill_list(h, c);
        return;
    }
    /* a watch */
    {
        int have_rv = kinf__hub_qget(qs, qn, "resourceVersion", v, sizeof(v)) > 0 && v[0] && strcmp(v, "0");
        int64_t t;
        char b[16];
        c->bookmarks = (uint8_t)(kinf__hub_qget(qs, qn, "allowWatchBookmarks", b, sizeof(b)) > 0 && kinf__hub_truthy(b));
        c->end_bm = (uint8_t)(kinf__hub_qget(qs, qn, "sendInitialEvents", b, sizeof(b)) > 0 && kinf__hub_truthy(b));
        c->initial = (uint8_t)(!have_rv || c->end_bm);
        c->t_end = 0;
        if (kinf__hub_qget(qs, qn, "timeoutSeconds", b, sizeof(b)) > 0 && (t = kinf__parse_dec(b, strlen(b))) > 0) {
            c->t_end = h->now + (uint64_t)t * 1000u;
        }
        c->cursor = r->head;
        if (have_rv && !c->end_bm) {
            int64_t n = kinf__parse_dec(v, strlen(v));
            if (n < 0 || kinf__hub_seek(r, (uint64_t)n, h->ring_events, &c->cursor) < 0) {
                /* as the API server: the stream opens, and its one event is a 410 Status */
                size_t at;
                int ok;
                h->st.expired++;
                ok = kinf__hub_head(h, c, 200, "application/json", -1, 0);
                at = kinf__hub_chunk_open(h, c);
                ok &= at != (size_t)-1 && kinf__hub_puts(h, c, "{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},"
                                                           "\"status\":\"Failure\",\"message\":\"too old resource version: ") &&
                      kinf__hub_putj(h, c, v) && kinf__hub_puts(h, c, " (") && kinf__hub_putu(h, c, r->floor) &&
                      kinf__hub_puts(h, c, ")\",\"reason\":\"Expired\",\"code\":410}}\n") && kinf__hub_chunk_close(h, c, at) &&
                      kinf__hub_puts(h, c, "0\r\n\r\n");
                c->st = ok ? KINF__HC_SEND : KINF__HC_CLOSE;
                return;
            }
        }
        h->st.watches++;
        if (!kinf__hub_head(h, c, 200, "application/json", -1, 0)) { c->st = KINF__HC_CLOSE; return; }
        c->t_bm = h->now;
        c->st = KINF__HC_WATCH;
        kinf__hub_fill_watch(h, c);
    }
}
static int kinf__hub_seg(const char* p, size_t n, const char** seg, size_t* len, int max) {
    int k = 0;
    size_t i = 0;
    while (i < n) {
        size_t s;
        if (p[i] != '/') { return -1; }
        s = ++i;
        while (i < n && p[i] != '/') { i++; }
        if (i == s) { if (i == n) { break; } return -1; } /* "//": none; a trailing "/" is none */
        if (k == max) { return -1; }
        seg[k] = p + s; len[k] = i - s; k++;
    }
    return k;
}
static int kinf__hub_seq(const char* s, size_t n, const char* lit) { return strlen(lit) == n && !memcmp(s, lit, n); }
/* Routes a parsed request. */
static void kinf__hub_route(kinf_hub_t* h, kinf__hcl* c, const kinf__hreq* q, const char* raw, size_t rawlen) {
    const char* seg[8];
    size_t len[8];
    char ns[KINF__MAX_NAME], name[KINF__MAX_NAME];
    int n = kinf__hub_seg(q->path, q->path_len, seg, len, 8), b;
    const char *g = "", *ver;
    size_t gl = 0, vl;
    kinf__hres* r;
    h->st.requests++;
    if (c->auth && h->token[0]) {
        size_t tl = strlen(h->token), i;
        unsigned diff = 0;
        if (!q->auth || q->auth_len != 7 + tl || !kinf__ieq(q->auth, 7, "bearer ")) { diff = 1; }
        else { for (i = 0; i < tl; i++) { diff |= (unsigned)(q->auth[7 + i] ^ h->token[i]); } } /* in constant time */
        if (diff) {
            h->st.unauthorized++;
            KINF__HUB_LOG(h, INFO, HUB_UNAUTHORIZED, 0, 0);
            kinf__hub_status(h, c, 401, "Unauthorized", "Unauthorized", 0, 0, 0);
            return;
        }
    }
    if (n < 0) { h->st.bad_requests++; kinf__hub_status(h, c, 400, "BadRequest", "the path is malformed", 0, 0, 0); return; }
    if (q->method == KINF__HM_OTHER) {
        if (h->nfw) { kinf__hub_forward(h, c, raw, rawlen, q); return; }
        h->st.not_found++;
        kinf__hub_status(h, c, 405, "MethodNotAllowed", "this node-local server serves reads only, and forwards nothing", 0, 0, 0);
        return;
    }
    if (n == 1 && (kinf__hub_seq(seg[0], len[0], "healthz") || kinf__hub_seq(seg[0], len[0], "readyz") || kinf__hub_seq(seg[0], len[0], "livez"))) {
        kinf__hub_fixed(h, c, 200, "text/plain", "ok", 2);
        return;
    }
    if (n == 1 && kinf__hub_seq(seg[0], len[0], "version") && h->nfw) { kinf__hub_forward(h, c, raw, rawlen, q); return; }
    if (n == 1 && kinf__hub_seq(seg[0], len[0], "version")) {
        static const char v[] = "{\"major\":\"1\",\"minor\":\"\",\"gitVersion\":\"v0.0.0-kinformer-" KINF_VERSION "\",\"platform\":\"khub\"}";
        h->st.discovery++;
        kinf__hub_fixed(h, c, 200, "application/json", v, sizeof(v) - 1);
        return;
    }
    if (n >= 1 && kinf__hub_seq(seg[0], len[0], "api")) {
        if (n == 1) {
            static const char v[] = "{\"kind\":\"APIVersions\",\"versions\":[\"v1\"],\"serverAddressByClientCIDRs\":[{\"clientCIDR\":\"0.0.0.0/0\",\"serverAddress\":\"\"}]}";
            h->st.discovery++;
            kinf__hub_fixed(h, c, 200, "application/json", v, sizeof(v) - 1);
            return;
        }
        ver = seg[1]; vl = len[1]; b = 2;
    } else if (n >= 1 && kinf__hub_seq(seg[0], len[0], "apis")) {
        if (n == 1) { h->st.discovery++; kinf__hub_groups(h, c); return; }
        if (n == 2) { ver = 0; vl = 0; b = 2; }
        else { ver = seg[2]; vl = len[2]; b = 3; }
        g = seg[1]; gl = len[1];
        if (!ver && h->nfw) { kinf__hub_forward(h, c, raw, rawlen, q); return; }
        if (!ver) {
            h->st.not_found++;
            kinf__hub_status(h, c, 404, "NotFound", "the group's document is not served: ask /apis", 0, 0, 0);
            return;
        }
    } else {
        if (h->nfw) { kinf__hub_forward(h, c, raw, rawlen, q); return; }
        h->st.not_found++;
        kinf__hub_status(h, c, 404, "NotFound", "the server could not find the requested resource", 0, 0, 0);
        return;
    }
    if (n == b) {
        if (!kinf__hub_has_gv(h, g, gl, ver, vl) && h->nfw) { kinf__hub_forward(h, c, raw, rawlen, q); return; }
        if (!kinf__hub_has_gv(h, g, gl, ver, vl)) { h->st.not_found++; kinf__hub_status(h, c, 404, "NotFound", "the group version is not cached here", 0, 0, 0); return; }
        h->st.discovery++;
        kinf__hub_resource_list(h, c, g, gl, ver, vl);
        return;
    }
    /* [namespaces NS] PLURAL [NAME] */
    ns[0] = 0; name[0] = 0;
    if (n - b >= 3 && kinf__hub_seq(seg[b], len[b], "namespaces")) {
        if (len[b + 1] >= sizeof(ns)) { n = -1; } else { memcpy(ns, seg[b + 1], len[b + 1]); ns[len[b + 1]] = 0; }
        b += 2;
    }
    r = n < 0 ? 0 : kinf__hub_find(h, g, gl, ver, vl, seg[b], len[b]);
    if (r && n - b == 2) {
        if (len[b + 1] >= sizeof(name)) { r = 0; } else { memcpy(name, seg[b + 1], len[b + 1]); name[len[b + 1]] = 0; }
    }
    if (!r || n - b > 2 || (ns[0] && !r->r.namespaced) || (h->ns[0] && strcmp(ns, h->ns))) {
        if (h->nfw) { kinf__hub_forward(h, c, raw, rawlen, q); return; }
        h->st.not_found++;
        kinf__hub_status(h, c, 404, "NotFound", "not cached by this node-local server", 0, 0, 0);
        return;
    }
    kinf__hub_resource(h, c, q, r, ns, n - b == 2 ? name : 0, raw, rawlen);
}
/* The head in c->in is whole (hl bytes): parse, route, keep what follows. */
static void kinf__hub_request(kinf_hub_t* h, kinf__hcl* c, size_t hl) {
    kinf__hreq q;
    int rc = kinf__hub_parse(c->in, hl, &q);
    c->olen = 0; c->opos = 0;
    c->close_after = 0;
    if (rc != KINF_OK) {
        h->st.bad_requests++;
        c->close_after = 1;
        KINF__HUB_LOG(h, INFO, HUB_BAD_REQUEST, 0, 0);
        if (rc == KINF_ERR_NOMEM) { kinf__hub_status(h, c, 431, "RequestHeaderFieldsTooLarge", "too many header fields", 0, 0, 0); }
        else { kinf__hub_status(h, c, 400, "BadRequest", "malformed request", 0, 0, 0); }
        c->ilen = 0; c->iscan = 0;
        return;
    }
    c->close_after = q.close;
    if (q.chunked) { c->close_after = 1; } /* a chunked request body is not read: the connection ends with the answer */
    c->skip = q.clen > 0 ? q.clen : 0;
    kinf__hub_route(h, c, &q, c->in, hl);
    /* the request's bytes are done with: pipelined bytes move to the front */
    memmove(c->in, c->in + hl, c->ilen - hl);
    c->ilen -= hl; c->iscan = 0;
    kinf__hub_fw_feed(h, c);
    if (c->skip) {
        size_t k = c->ilen < (size_t)c->skip ? c->ilen : (size_t)c->skip;
        memmove(c->in, c->in + k, c->ilen - k);
        c->ilen -= k; c->skip -= (int64_t)k;
    }
}
/* a client reading: a whole head served, an oversized one refused */
static void kinf__hub_read_step(kinf_hub_t* h, kinf__hcl* c) {
    size_t hl;
    if (c->st != KINF__HC_READ || c->skip || !c->ilen) { return; }
    hl = kinf__hub_head_end(c->in, c->iscan, c->ilen);
    if (hl) { kinf__hub_request(h, c, hl); return; }
    c->iscan = c->ilen;
    if (c->ilen >= h->in_cap) {
        h->st.bad_requests++;
        KINF__HUB_LOG(h, INFO, HUB_HEAD_TOO_LARGE, 0, 0);
        c->close_after = 1;
        c->olen = 0; c->opos = 0;
        kinf__hub_status(h, c, 431, "RequestHeaderFieldsTooLarge", "the request line and header fields exceed the hub's limit", 0, 0, 0);
        c->ilen = 0;
    }
}
/* after its bytes went out: a fixed response done, the next request read */
static void kinf__hub_after_send(kinf_hub_t* h, kinf__hcl* c) {
    if (c->opos < c->olen) { return; }
    c->olen = 0; c->opos = 0;
    if (c->st == KINF__HC_SEND) {
        if (c->close_after) { c->st = KINF__HC_CLOSE; return; }
        c->st = KINF__HC_READ;
        c->t_first = 0;
        kinf__hub_read_step(h, c);
    }
}
static void kinf__hub_fill(kinf_hub_t* h, kinf__hcl* c) {
    if (c->st == KINF__HC_LIST) { kinf__hub_fill_list(h, c); }
    else if (c->st == KINF__HC_WATCH) { kinf__hub_fill_watch(h, c); }
    else if (c->st == KINF__HC_FWD && c->fw >= 0) { kinf__hub_fw_advance(kinf__hub_fwat(h, c->fw)); }
}

/* >>hub api */
static size_t kinf__hub_out_cap(const kinf_hub_desc_t* d) {
    size_t m = d->factory->base.max_event_bytes ? d->factory->base.max_event_bytes : 64u * 1024u, c = d->client_bytes;
    int i;
    for (i = 0; i < d->factory->caps_n; i++) { if (d->factory->caps[i].max_event_bytes > m) { m = d->factory->caps[i].max_event_bytes; } }
    m += 4096u;
    return kinf__align8(c > m ? c : m);
}
typedef struct kinf__hub_layout { size_t res, cl, bufs, rings, fw, fw_block, fw_conn, fw_body, pfd, ffd, total; int nfw; kinf_conn_desc_t fwd; } kinf__hub_layout;
static int kinf__hub_plan(const kinf_hub_desc_t* d, kinf__hub_layout* L, int* max_res, int* max_cl, int* ring_ev, size_t* ring_bytes, size_t* out_cap) {
    size_t o, per;
    memset(L, 0, sizeof(*L));
    if (!d || !kinf__fa_ok(d->factory)) { return 0; }
    *max_res = d->max_resources > 0 ? d->max_resources : d->factory->max_inf;
    *max_cl = d->max_clients > 0 ? d->max_clients : 32;
    if (*max_cl > 0xffff) { *max_cl = 0xffff; }
    *ring_ev = d->ring_events > 0 ? d->ring_events : 4096;
    *ring_bytes = kinf__align8(d->ring_bytes ? d->ring_bytes : 4u << 20);
    *out_cap = kinf__hub_out_cap(d);
    o = kinf__align8(sizeof(kinf_hub_t));
    L->res = o; o += kinf__align8(sizeof(kinf__hres) * (size_t)*max_res);
    L->cl = o; o += kinf__align8(sizeof(kinf__hcl) * (size_t)*max_cl);
    L->bufs = o;
    per = KINF_MAX_HEAD_BYTES + *out_cap;
    if (per > (SIZE_MAX - o) / (size_t)*max_cl) { return 0; }
    o += per * (size_t)*max_cl;
    L->rings = o;
    per = kinf__align8(sizeof(kinf__hev) * (size_t)*ring_ev) + *ring_bytes;
    if (per > (SIZE_MAX - o) / (size_t)*max_res) { return 0; }
    o += per * (size_t)*max_res;
    if (d->forward) {
        /* each forwarder: its struct, the request (head, body), then its connection's read buffer and TLS block */
        L->nfw = d->max_forward > 0 ? d->max_forward : 8;
        L->fw_body = kinf__align8(d->forward_body_bytes ? d->forward_body_bytes : 1u << 20);
        L->fwd = kinf__conn_desc_for(d->forward, 0);
        L->fwd.token = 0; L->fwd.token_file = 0; /* never the hub's credentials */
        L->fwd.client_cert_file = 0; L->fwd.client_cert_data = 0; L->fwd.client_cert_len = 0;
        L->fwd.client_key_file = 0; L->fwd.client_key_data = 0; L->fwd.client_key_len = 0;
        L->fw_block = kinf__conn_layout_end(kinf__align8(sizeof(kinf__hfw)) + kinf__align8(KINF__HUB_FW_HEAD + L->fw_body), &L->fw_conn, &L->fwd);
        L->fw_block = kinf__align8(L->fw_block);
        L->fw = o;
        if (L->fw_block > (SIZE_MAX - o) / (size_t)L->nfw) { return 0; }
        o += L->fw_block * (size_t)L->nfw;
    }
    L->pfd = o; o += kinf__align8(sizeof(struct pollfd) * (size_t)(KINF__HUB_MAX_LISTEN + *max_cl + L->nfw + d->factory->max_inf + 1));
    L->ffd = o; o += kinf__align8(sizeof(kinf_fd_t) * (size_t)(d->factory->max_inf + 1));
    L->total = o;
    return 1;
}
KINF_API size_t kinf_hub_size(const kinf_hub_desc_t* desc) {
    kinf__hub_layout L;
    int a, b, e;
    size_t rb, oc;
    return kinf__hub_plan(desc, &L, &a, &b, &e, &rb, &oc) ? L.total : 0;
}
KINF_API kinf_hub_t* kinf_hub_init(void* mem, size_t size, const kinf_hub_desc_t* desc) {
    kinf__hub_layout L;
    kinf_hub_t* h = (kinf_hub_t*)mem;
    uint8_t* base = (uint8_t*)mem;
    int i, max_res, max_cl, ring_ev;
    size_t ring_bytes, out_cap;
    if (!mem || !kinf__hub_plan(desc, &L, &max_res, &max_cl, &ring_ev, &ring_bytes, &out_cap)) { return 0; }
    if (size < L.total) {
        kinf__log2(&desc->logger, desc->tag ? desc->tag : "khub", KINF_LOG_ERROR, KINF_LOGITEM_MEMORY_TOO_SMALL, __LINE__, 0, 0, "kinf_hub_init", 0);
        return 0;
    }
    memset(h, 0, sizeof(*h));
    h->d = *desc;
    h->f = desc->factory;
    if (desc->token && !kinf__strlcpy(h->token, desc->token, sizeof(h->token))) { return 0; }
    if (desc->namespace_ && !kinf__strlcpy(h->ns, desc->namespace_, sizeof(h->ns))) { return 0; }
    kinf__strlcpy(h->tag, desc->tag ? desc->tag : "khub", sizeof(h->tag));
    h->d.token = 0; h->d.namespace_ = 0; h->d.tag = 0;
    if (h->d.idle_timeout_ms <= 0) { h->d.idle_timeout_ms = 120000; }
    if (h->d.head_timeout_ms <= 0) { h->d.head_timeout_ms = 10000; }
    if (h->d.slow_ms <= 0) { h->d.slow_ms = 15000; }
    if (h->d.bookmark_ms <= 0) { h->d.bookmark_ms = 10000; }
    h->max_res = max_res; h->max_cl = max_cl; h->ring_events = ring_ev; h->ring_bytes = ring_bytes;
    h->in_cap = KINF_MAX_HEAD_BYTES; h->out_cap = out_cap;
    h->res = (kinf__hres*)(void*)(base + L.res);
    h->cl = (kinf__hcl*)(void*)(base + L.cl);
    memset(h->res, 0, sizeof(kinf__hres) * (size_t)max_res);
    memset(h->cl, 0, sizeof(kinf__hcl) * (size_t)max_cl);
    for (i = 0; i < max_cl; i++) {
        uint8_t* b = base + L.bufs + (size_t)i * (KINF_MAX_HEAD_BYTES + out_cap);
        h->cl[i].in = (char*)b;
        h->cl[i].out = b + KINF_MAX_HEAD_BYTES;
        h->cl[i].ocap = out_cap;
        h->cl[i].fd = -1;
    }
    for (i = 0; i < max_res; i++) {
        uint8_t* b = base + L.rings + (size_t)i * (kinf__align8(sizeof(kinf__hev) * (size_t)ring_ev) + ring_bytes);
        h->res[i].ev = (kinf__hev*)(void*)b;
        h->res[i].data = b + kinf__align8(sizeof(kinf__hev) * (size_t)ring_ev);
    }
    h->fw = 0; h->nfw = 0;
    if (desc->forward) {
        h->fw = (kinf__hfw*)(void*)(base + L.fw); /* each block begins with its forwarder: every block is an 8-byte multiple */
        for (i = 0; i < L.nfw; i++) {
            uint8_t* b = base + L.fw + (size_t)i * L.fw_block;
            kinf__hfw* w = (kinf__hfw*)(void*)b;
            memset(w, 0, sizeof(*w));
            w->hub = h; w->cl = -1; w->idx = i;
            w->req = (char*)(b + kinf__align8(sizeof(kinf__hfw)));
            if (!kinf__conn_setup(&w->conn, &L.fwd, &kinf__hub_fw_ops, w, b + L.fw_conn, w->prefix, sizeof(w->prefix))) { return 0; }
            w->conn.retry_stale = 1;
            w->conn.where = w->path;
        }
        h->nfw = L.nfw; h->fw_body = L.fw_body; h->fw_block = L.fw_block;
    }
    h->pfd = (struct pollfd*)(void*)(base + L.pfd);
    h->ffd = (kinf_fd_t*)(void*)(base + L.ffd);
    h->max_ffd = h->f->max_inf + 1;
    for (i = 0; i < KINF__HUB_MAX_LISTEN; i++) { h->lfd[i] = -1; }
    h->mem_used = L.total; h->mem_size = size;
    h->magic = KINF__HUB_MAGIC;
    return h;
}
KINF_API int kinf_hub_serve(kinf_hub_t* h, kinf_informer_t* inf) {
    kinf__hres* r;
    int i;
    if (!kinf__hub_ok(h) || !inf) { return KINF_ERR_INVAL; }
    for (i = 0; i < h->nres; i++) { if (h->res[i].inf == inf) { return KINF_OK; } }
    if (h->nres >= h->max_res) { return KINF_ERR_NOMEM; }
    r = &h->res[h->nres];
    if (kinf_factory_resource(h->f, inf, &r->r) != KINF_OK) { return KINF_ERR_INVAL; }
    r->inf = inf; r->hub = h;
    r->head = r->tail = 0; r->wpos = 0; r->floor = 0; r->last = 0; r->synced = 0;
    memset(&r->h, 0, sizeof(r->h));
    r->h.on_add = kinf__hub_on_add; r->h.on_update = kinf__hub_on_update; r->h.on_delete = kinf__hub_on_delete;
    r->h.on_oversized = kinf__hub_on_oversized; r->h.user = r;
    if ((r->hid = kinf_add_handler(inf, &r->h)) < 0) { return KINF_ERR_NOMEM; }
    h->nres++;
    return KINF_OK;
}
static const char kinf__hub_busy_resp[] =
    "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: 158\r\n\r\n"
    "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"too many clients (max-clients)\",\"reason\":\"ServiceUnavailable\",\"code\":503}";
KINF_API const char* kinf_hub_busy(size_t* len) {
    if (len) { *len = sizeof(kinf__hub_busy_resp) - 1; }
    return kinf__hub_busy_resp;
}
KINF_API int kinf_hub_open(kinf_hub_t* h, int auth, uint64_t now) {
    int i;
    if (!kinf__hub_ok(h)) { return KINF_ERR_INVAL; }
    for (i = 0; i < h->max_cl; i++) {
        kinf__hcl* c = &h->cl[i];
        if (c->st != KINF__HC_FREE) { continue; }
        c->st = KINF__HC_READ;
        c->gen = (uint16_t)((c->gen + 1u) & 0x7fffu); /* 15 bits: an id stays a non-negative int */
        c->auth = auth;
        c->ilen = c->iscan = 0; c->olen = c->opos = 0; c->skip = 0;
        c->t_io = now; c->t_first = 0; c->close_after = 0;
        c->fw = -1;
        h->st.accepted++;
        return kinf__hub_id(c, i);
    }
    h->st.refused_full++;
    KINF__HUB_LOG(h, WARN, HUB_FULL, 0, 0);
    return KINF_ERR_NOMEM;
}
KINF_API unsigned kinf_hub_state(kinf_hub_t* h, int id) {
    kinf__hcl* c = kinf__hub_cl(h, id);
    unsigned s = 0;
    if (!c) { return KINF_HUB_CLOSE; }
    if (c->opos < c->olen) { s |= KINF_HUB_SEND; }
    else if (c->st == KINF__HC_CLOSE) { return KINF_HUB_CLOSE; }
    /* read on while streaming, so a client that goes is seen; not past the head's room */
    if (c->st != KINF__HC_CLOSE && (c->skip || c->ilen < h->in_cap)) { s |= KINF_HUB_RECV; }
    return s;
}
KINF_API uint8_t* kinf_hub_recvbuf(kinf_hub_t* h, int id, size_t* cap) {
    kinf__hcl* c = kinf__hub_cl(h, id);
    if (!c || !cap || c->st == KINF__HC_CLOSE || c->ilen >= h->in_cap) { if (cap) { *cap = 0; } return 0; }
    *cap = h->in_cap - c->ilen;
    return (uint8_t*)c->in + c->ilen;
}
KINF_API void kinf_hub_recvd(kinf_hub_t* h, int id, size_t n, uint64_t now) {
    kinf__hcl* c = kinf__hub_cl(h, id);
    if (!c || n > h->in_cap - c->ilen) { return; }
    h->now = now;
    c->t_io = now;
    if (c->skip) {
        /* a body not served is read past */
        size_t k = n < (size_t)c->skip ? n : (size_t)c->skip;
        memmove(c->in + c->ilen, c->in + c->ilen + k, n - k);
        n -= k; c->skip -= (int64_t)k;
    }
    if (n && !c->ilen && !c->t_first) { c->t_first = now; }
    c->ilen += n;
    kinf__hub_fw_feed(h, c);
    kinf__hub_read_step(h, c);
}
KINF_API const uint8_t* kinf_hub_sendbuf(kinf_hub_t* h, int id, size_t* len) {
    kinf__hcl* c = kinf__hub_cl(h, id);
    if (!c || !len || c->opos >= c->olen) { if (len) { *len = 0; } return 0; }
    *len = c->olen - c->opos;
    return c->out + c->opos;
}
KINF_API void kinf_hub_sent(kinf_hub_t* h, int id, size_t n, uint64_t now) {
    kinf__hcl* c = kinf__hub_cl(h, id);
    if (!c || n > c->olen - c->opos) { return; }
    h->now = now;
    c->opos += n;
    h->st.bytes_out += n;
    if (n) { c->t_io = now; }
    if (c->opos == c->olen) { kinf__hub_after_send(h, c); kinf__hub_fill(h, c); }
    else if (c->opos > h->out_cap / 2) {
        /* the sent half makes room for more: unsent bytes to the front */
        memmove(c->out, c->out + c->opos, c->olen - c->opos);
        c->olen -= c->opos; c->opos = 0;
        kinf__hub_fill(h, c);
    }
}
KINF_API void kinf_hub_closed(kinf_hub_t* h, int id) {
    kinf__hcl* c = kinf__hub_cl(h, id);
    if (!c) { return; }
    if (c->fw >= 0) { kinf__hub_fw_free(kinf__hub_fwat(h, c->fw), 0); }
    c->st = KINF__HC_FREE;
    c->fd = -1;
}
KINF_API void kinf_hub_tick(kinf_hub_t* h, uint64_t now) {
    int i;
    if (!kinf__hub_ok(h)) { return; }
    h->now = now;
    for (i = 0; i < h->nres; i++) {
        kinf__hres* r = &h->res[i];
        if (!r->synced && kinf_has_synced(r->inf)) {
            /* the window begins at the synced state: older resourceVersions relist */
            r->synced = 1;
            kinf__hub_ring_reset(r, kinf__hub_current(r));
        }
    }
    for (i = 0; i < h->max_cl; i++) {
        kinf__hcl* c = &h->cl[i];
        if (c->st == KINF__HC_FREE || c->st == KINF__HC_CLOSE) { continue; }
        if (c->st == KINF__HC_READ && !c->olen) {
            if (c->t_first && now - c->t_first > (uint64_t)h->d.head_timeout_ms) {
                h->st.timed_out++;
                KINF__HUB_LOG(h, INFO, HUB_TIMEOUT, "request head", 0);
                c->close_after = 1;
                kinf__hub_status(h, c, 408, "Timeout", "the request head came too slowly", 0, 0, 0);
                c->ilen = 0;
                continue;
            }
            if (now - c->t_io > (uint64_t)h->d.idle_timeout_ms) { h->st.timed_out++; c->st = KINF__HC_CLOSE; continue; }
            continue;
        }
        if (c->st == KINF__HC_FWD_BODY && now - c->t_io > (uint64_t)h->d.head_timeout_ms) {
            /* a body that does not come holds a forwarder: as a slow head */
            h->st.timed_out++;
            KINF__HUB_LOG(h, INFO, HUB_TIMEOUT, "request body", 0);
            if (c->fw >= 0) { kinf__hub_fw_free(kinf__hub_fwat(h, c->fw), 0); }
            c->close_after = 1;
            kinf__hub_status(h, c, 408, "Timeout", "the request body came too slowly", 0, 0, 0);
            continue;
        }
        if (c->opos < c->olen && now - c->t_io > (uint64_t)h->d.slow_ms) {
            /* its bytes did not move: the client is gone or too slow */
            h->st.slow_ended++;
            KINF__HUB_LOG(h, INFO, HUB_SLOW_CLIENT, 0, 0);
            c->st = KINF__HC_CLOSE;
            c->olen = c->opos = 0; /* what it did not take is dropped: else the connection waits on it, never closed */
            continue;
        }
        if (c->opos > 0 && c->opos < c->olen) {
            memmove(c->out, c->out + c->opos, c->olen - c->opos);
            c->olen -= c->opos; c->opos = 0;
        }
        {
            /* the slow clock runs while bytes wait: a watcher that had nothing to take (a quiet resource, no
               bookmarks asked) is not behind when a change comes after a quiet spell longer than slow_ms */
            int idle = c->opos >= c->olen;
            kinf__hub_fill(h, c);
            if (idle && c->opos < c->olen) { c->t_io = now; }
        }
    }
}
KINF_API uint64_t kinf_hub_deadline(kinf_hub_t* h) {
    uint64_t t = UINT64_MAX;
    int i;
    if (!kinf__hub_ok(h)) { return t; }
    for (i = 0; i < h->max_cl; i++) {
        const kinf__hcl* c = &h->cl[i];
        uint64_t k = UINT64_MAX;
        if (c->st == KINF__HC_FREE || c->st == KINF__HC_CLOSE) { continue; }
        if (c->st == KINF__HC_READ) { k = c->t_first ? c->t_first + (uint64_t)h->d.head_timeout_ms : c->t_io + (uint64_t)h->d.idle_timeout_ms; }
        else if (c->st == KINF__HC_FWD_BODY) { k = c->t_io + (uint64_t)h->d.head_timeout_ms; }
        else if (c->st == KINF__HC_WATCH) {
            k = c->bookmarks ? c->t_bm + (uint64_t)h->d.bookmark_ms : h->now + 1000u;
            if (c->t_end && c->t_end < k) { k = c->t_end; }
        } else { k = c->t_io + (uint64_t)h->d.slow_ms; }
        if (k < t) { t = k; }
    }
    return t;
}
KINF_API kinf_engine_t* kinf_hub_forward_engine(kinf_hub_t* h, int i) {
    return kinf__hub_ok(h) && i >= 0 && i < h->nfw ? &kinf__hub_fwat(h, i)->conn : 0;
}
KINF_API kinf_hub_stats_t kinf_hub_stats(kinf_hub_t* h) {
    kinf_hub_stats_t s;
    int i;
    memset(&s, 0, sizeof(s));
    if (!kinf__hub_ok(h)) { return s; }
    s = h->st;
    for (i = 0; i < h->max_cl; i++) { if (h->cl[i].st != KINF__HC_FREE) { s.clients++; } }
    s.max_clients = h->max_cl; s.resources = h->nres;
    s.mem_used = h->mem_used; s.mem_capacity = h->mem_size;
    return s;
}

/* a listen address read, no I/O: 'u' for unix:PATH (a path that fits a
   sockaddr_un), '4' for 127.0.0.1:PORT, '6' for [::1]:PORT (host and port
   filled), 0 for any other address */
static int kinf__hub_addr(const char* addr, char* host, size_t hcap, int64_t* port) {
    const char* colon;
    size_t hl;
    if (!addr) { return 0; }
    if (!strncmp(addr, "unix:", 5)) { return addr[5] && strlen(addr + 5) < 108 ? 'u' : 0; }
    if (addr[0] == '[') {
        const char* e = strchr(addr, ']');
        if (!e || e[1] != ':') { return 0; }
        hl = (size_t)(e - addr - 1); addr++; colon = e + 1;
    } else {
        colon = strrchr(addr, ':');
        if (!colon) { return 0; }
        hl = (size_t)(colon - addr);
    }
    if (hl >= hcap) { return 0; }
    memcpy(host, addr, hl); host[hl] = 0;
    *port = kinf__parse_dec(colon + 1, strlen(colon + 1));
    /* loopback only: a node-local server is not a network service */
    if (*port < 0 || *port > 65535) { return 0; }
    return !strcmp(host, "127.0.0.1") ? '4' : !strcmp(host, "::1") ? '6' : 0;
}
KINF_API int kinf_hub_address(const char* addr) {
    char host[64];
    int64_t port;
    return kinf__hub_addr(addr, host, sizeof(host), &port) ? KINF_OK : KINF_ERR_INVAL;
}

/* >>hub driver  The built-in driver: listening sockets, accept, one poll
   over them, the clients and the factory's connections. */
KINF_API int kinf_hub_listen(kinf_hub_t* h, const char* addr, int auth) {
    int fd = -1, one = 1, kind;
    char host[64];
    int64_t port = 0;
    if (!kinf__hub_ok(h) || !addr) { return KINF_ERR_INVAL; }
    if (h->nl >= KINF__HUB_MAX_LISTEN) { KINF__HUB_LOG(h, ERROR, HUB_LISTEN, addr, " (too many addresses)"); return KINF_ERR_NOMEM; }
    kind = kinf__hub_addr(addr, host, sizeof(host), &port);
    if (!kind) { KINF__HUB_LOG(h, ERROR, HUB_BAD_ADDRESS, addr, 0); return KINF_ERR_INVAL; }
    if (kind == 'u') {
        struct sockaddr_un su;
        struct stat sb;
        const char* p = addr + 5;
        memset(&su, 0, sizeof(su));
        su.sun_family = AF_UNIX;
        if (strlen(p) >= sizeof(su.sun_path) || strlen(p) >= sizeof(h->lpath[0])) { KINF__HUB_LOG(h, ERROR, HUB_BAD_ADDRESS, addr, 0); return KINF_ERR_INVAL; }
        memcpy(su.sun_path, p, strlen(p));
        /* a stale socket of an earlier run is replaced; any other file is not */
        if (lstat(p, &sb) == 0) {
            if (!S_ISSOCK(sb.st_mode)) { KINF__HUB_LOG(h, ERROR, HUB_LISTEN, addr, " (a file that is not a socket is there)"); return KINF_ERR_IO; }
            unlink(p);
        }
        fd = socket(AF_UNIX, SOCK_STREAM, 0);
        if (fd < 0) { KINF__HUB_LOG(h, ERROR, HUB_LISTEN, addr, 0); return KINF_ERR_IO; }
        {
            /* created 0660: the mode is set before any client can connect */
            mode_t old = umask(0117);
            int b = bind(fd, (struct sockaddr*)&su, (socklen_t)sizeof(su));
            umask(old);
            if (b != 0 || chmod(p, 0660) != 0) { close(fd); KINF__HUB_LOG(h, ERROR, HUB_LISTEN, addr, 0); return KINF_ERR_IO; }
        }
        kinf__strlcpy(h->lpath[h->nl], p, sizeof(h->lpath[0]));
    } else {
        struct sockaddr_storage ss;
        socklen_t sl;
        memset(&ss, 0, sizeof(ss));
        if (kind == '6') {
            struct sockaddr_in6* s6 = (struct sockaddr_in6*)(void*)&ss;
            s6->sin6_family = AF_INET6; s6->sin6_port = htons((uint16_t)port); s6->sin6_addr = in6addr_loopback;
            sl = (socklen_t)sizeof(*s6);
        } else {
            struct sockaddr_in* s4 = (struct sockaddr_in*)(void*)&ss;
            s4->sin_family = AF_INET; s4->sin_port = htons((uint16_t)port); s4->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            sl = (socklen_t)sizeof(*s4);
        }
        fd = socket(ss.ss_family, SOCK_STREAM, 0);
        if (fd < 0) { KINF__HUB_LOG(h, ERROR, HUB_LISTEN, addr, 0); return KINF_ERR_IO; }
        (void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, (socklen_t)sizeof(one));
        if (bind(fd, (struct sockaddr*)&ss, sl) != 0) { close(fd); KINF__HUB_LOG(h, ERROR, HUB_LISTEN, addr, 0); return KINF_ERR_IO; }
        h->lpath[h->nl][0] = 0;
    }
    if (listen(fd, 64) != 0 || fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK) != 0) {
        close(fd); KINF__HUB_LOG(h, ERROR, HUB_LISTEN, addr, 0); return KINF_ERR_IO;
    }
    (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
    h->lfd[h->nl] = fd; h->lauth[h->nl] = auth;
    h->nl++;
    return KINF_OK;
}
/* the clients waiting on listener k taken (16 at most a turn); one beyond the pool is answered 503 and closed */
static void kinf__hub_accept(kinf_hub_t* h, int k, uint64_t now) {
    int n;
    for (n = 0; n < 16; n++) {
        int fd = accept(h->lfd[k], 0, 0), id;
        if (fd < 0) { return; }
        (void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK);
        (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
        id = kinf_hub_open(h, h->lauth[k], now);
        if (id < 0) {
            size_t len;
            const char* b = kinf_hub_busy(&len);
            (void)send(fd, b, len, KINF__SEND_FLAGS);
            close(fd);
            continue;
        }
        h->cl[id & 0xffff].fd = fd;
    }
}
static void kinf__hub_io(kinf_hub_t* h, kinf__hcl* c, int id, short rev, uint64_t now) {
    unsigned s = kinf_hub_state(h, id);
    if ((rev & POLLOUT) && (s & KINF_HUB_SEND)) {
        size_t len;
        const uint8_t* p = kinf_hub_sendbuf(h, id, &len);
        ssize_t w = send(c->fd, p, len, KINF__SEND_FLAGS);
        if (w > 0) { kinf_hub_sent(h, id, (size_t)w, now); }
        else if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { c->st = KINF__HC_CLOSE; c->olen = c->opos = 0; }
    }
    if ((rev & (POLLIN | POLLHUP | POLLERR)) && c->st != KINF__HC_FREE) {
        size_t cap;
        uint8_t* p = kinf_hub_recvbuf(h, id, &cap);
        if (p && cap) {
            ssize_t r = recv(c->fd, p, cap, 0);
            if (r > 0) { kinf_hub_recvd(h, id, (size_t)r, now); }
            else if (r == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) { c->st = KINF__HC_CLOSE; c->olen = c->opos = 0; }
        } else if (rev & (POLLHUP | POLLERR)) { c->st = KINF__HC_CLOSE; c->olen = c->opos = 0; }
    }
    if (kinf_hub_state(h, id) & KINF_HUB_CLOSE) {
        /* what the client still sent is read past first (bounded), so that
           the close does not reset the connection before it reads the answer */
        char sink[4096];
        int k;
        (void)shutdown(c->fd, SHUT_WR);
        for (k = 0; k < 64 && recv(c->fd, sink, sizeof(sink), 0) > 0; k++) {}
        close(c->fd);
        kinf_hub_closed(h, id);
    }
}
KINF_API int kinf_hub_poll(kinf_hub_t* h, int timeout_ms) {
    int i, n = 0, nf, t, cl0, fwt = -1;
    uint64_t now, dl;
    if (!kinf__hub_ok(h)) { return KINF_ERR_INVAL; }
    now = kinf_now_ms();
    for (i = 0; i < h->nl; i++) { h->pfd[n].fd = h->lfd[i]; h->pfd[n].events = POLLIN; h->pfd[n].revents = 0; n++; }
    cl0 = n;
    for (i = 0; i < h->max_cl; i++) {
        kinf__hcl* c = &h->cl[i];
        unsigned s;
        h->pfd[n].fd = -1; h->pfd[n].events = 0; h->pfd[n].revents = 0;
        if (c->st != KINF__HC_FREE && c->fd >= 0) {
            s = kinf_hub_state(h, kinf__hub_id(c, i));
            h->pfd[n].fd = c->fd;
            h->pfd[n].events = (short)(((s & KINF_HUB_RECV) ? POLLIN : 0) | ((s & KINF_HUB_SEND) ? POLLOUT : 0));
        }
        n++;
    }
    for (i = 0; i < h->nfw; i++) {
        kinf__hfw* w = kinf__hub_fwat(h, i);
        unsigned wn = kinf__drv_wants(&w->conn);
        int t2 = kinf__drv_timeout(&w->conn);
        h->pfd[n].fd = wn ? kinf__drv_fd(&w->conn) : -1;
        h->pfd[n].events = (short)(((wn & KINF_WANT_READ) ? POLLIN : 0) | ((wn & KINF_WANT_WRITE) ? POLLOUT : 0));
        h->pfd[n].revents = 0;
        n++;
        if (t2 >= 0 && (fwt < 0 || t2 < fwt)) { fwt = t2; }
    }
    nf = kinf_factory_fds(h->f, h->ffd, h->max_ffd);
    for (i = 0; i < nf; i++) {
        h->pfd[n].fd = h->ffd[i].fd;
        h->pfd[n].events = (short)(((h->ffd[i].wants & KINF_WANT_READ) ? POLLIN : 0) | ((h->ffd[i].wants & KINF_WANT_WRITE) ? POLLOUT : 0));
        h->pfd[n].revents = 0;
        n++;
    }
    t = kinf_factory_timeout_ms(h->f);
    if (fwt >= 0 && (t < 0 || fwt < t)) { t = fwt; }
    if (timeout_ms >= 0 && (t < 0 || t > timeout_ms)) { t = timeout_ms; }
    dl = kinf_hub_deadline(h);
    if (dl != UINT64_MAX) {
        int k = dl <= now ? 0 : (dl - now > 0x7fffffffu ? 0x7fffffff : (int)(dl - now));
        if (t < 0 || k < t) { t = k; }
    }
    (void)poll(h->pfd, (nfds_t)n, t);
    now = kinf_now_ms();
    kinf_factory_poll(h->f, 0);
    for (i = 0; i < h->nfw; i++) { kinf__drv_poll(&kinf__hub_fwat(h, i)->conn, 0); }
    kinf_hub_tick(h, now);
    for (i = 0; i < h->max_cl; i++) {
        kinf__hcl* c = &h->cl[i];
        if (c->st == KINF__HC_FREE || c->fd < 0) { continue; }
        kinf__hub_io(h, c, kinf__hub_id(c, i), h->pfd[cl0 + i].fd == c->fd ? h->pfd[cl0 + i].revents : 0, now);
    }
    for (i = 0; i < h->nl; i++) { if (h->pfd[i].revents & POLLIN) { kinf__hub_accept(h, i, now); } }
    return KINF_OK;
}
KINF_API void kinf_hub_shutdown(kinf_hub_t* h) {
    int i;
    if (!kinf__hub_ok(h)) { return; }
    /* the informers go on without it: no callback into this memory after */
    for (i = 0; i < h->nres; i++) { (void)kinf_remove_handler(h->res[i].inf, h->res[i].hid); }
    h->nres = 0;
    for (i = 0; i < h->max_cl; i++) {
        if (h->cl[i].st != KINF__HC_FREE && h->cl[i].fd >= 0) { close(h->cl[i].fd); }
        h->cl[i].st = KINF__HC_FREE; h->cl[i].fd = -1;
    }
    for (i = 0; i < h->nfw; i++) { kinf__sock_close(&kinf__hub_fwat(h, i)->conn); }
    for (i = 0; i < h->nl; i++) {
        if (h->lfd[i] >= 0) { close(h->lfd[i]); h->lfd[i] = -1; }
        if (h->lpath[i][0]) { unlink(h->lpath[i]); }
    }
    h->nl = 0;
}
#endif /* KINF_NO_HUB */
