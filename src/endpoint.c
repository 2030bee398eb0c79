/* >>endpoint  the connection's part of a descriptor, read for the informer,
   discovery and the client alike: defaults, the URL, the TLS material, the
   token; and the set-up discovery and the client share */
/* What the checks build as they go: in an init the connection's own fields,
   in kinf_check a scratch of the same sizes. tls: where the CA and client
   material are loaded (a kinf__tls_ld; in kinf_check one that only counts). */
typedef struct kinf__conn_out {
    char* host;                   /* KINF__HOST_BYTES */
    char* hosthdr;                /* KINF__HOSTHDR_BYTES */
    void* tls;
#ifdef KINF__PROXY
    char* proxy_host;             /* KINF__HOST_BYTES; "" no proxy */
    char* proxy_auth;             /* KINF__PROXY_AUTH_BYTES */
    uint16_t proxy_port;
#endif
    uint16_t port;
    uint8_t https;
} kinf__conn_out;
/* The connection fields of an informer's descriptor: its connection, or its
   own fields. From logger to own_transport both structs hold the same
   members in the same order (checked below): one copy. */
#define KINF__RUN(t) (offsetof(t, own_transport) + sizeof(int) - offsetof(t, logger))
typedef char kinf__conn_desc_run[(KINF__RUN(kinf_desc_t) == KINF__RUN(kinf_conn_desc_t) &&
    offsetof(kinf_desc_t, tls_time) - offsetof(kinf_desc_t, logger) == offsetof(kinf_conn_desc_t, tls_time) - offsetof(kinf_conn_desc_t, logger) &&
    offsetof(kinf_desc_t, ca_len) - offsetof(kinf_desc_t, logger) == offsetof(kinf_conn_desc_t, ca_len) - offsetof(kinf_conn_desc_t, logger) &&
    offsetof(kinf_desc_t, insecure_skip_tls_verify) - offsetof(kinf_desc_t, logger) ==
    offsetof(kinf_conn_desc_t, insecure_skip_tls_verify) - offsetof(kinf_conn_desc_t, logger)) ? 1 : -1];
static kinf_conn_desc_t kinf__conn_desc(const kinf_desc_t* d) {
    kinf_conn_desc_t c;
    if (d->connection) {
        c = *d->connection;
        if (d->on_socket.func) { c.on_socket = d->on_socket; }
        return c;
    }
    c.server = d->server; c.token = d->token; c.token_file = d->token_file;
    c.idle_timeout_ms = d->idle_timeout_ms; c.connect_timeout_ms = d->connect_timeout_ms; c.read_bytes = d->read_bytes;
    c.random_seed = d->random_seed;
    memcpy(&c.logger, &d->logger, KINF__RUN(kinf_desc_t));
    c.on_socket = d->on_socket;
    return c;
}
#undef KINF__RUN
/* defaults and clamps of the connection's numbers; *clamped names one out of range */
static void kinf__conn_defaults(kinf_conn_desc_t* d, const char** clamped) {
    if (d->read_bytes == 0) { d->read_bytes = KINF_READ_BYTES; }
    if (d->read_bytes < 256) { d->read_bytes = 256; *clamped = "read_bytes"; }
    if (d->read_bytes > (64u << 20)) { d->read_bytes = 64u << 20; *clamped = "read_bytes"; }
    if (d->idle_timeout_ms <= 0) { d->idle_timeout_ms = 90000; }
    if (d->connect_timeout_ms <= 0) { d->connect_timeout_ms = 10000; }
    if (d->tls_max_cas <= 0) { d->tls_max_cas = KINF_TLS_MAX_CAS; }
    if (d->tls_max_cas > KINF_TLS_CAS_LIMIT) { d->tls_max_cas = KINF_TLS_CAS_LIMIT; *clamped = "tls_max_cas"; }
    if (d->tls_anchor_bytes == 0) { d->tls_anchor_bytes = KINF_TLS_ANCHOR_BYTES; }
    if (d->tls_anchor_bytes > KINF_TLS_ANCHOR_LIMIT) { d->tls_anchor_bytes = KINF_TLS_ANCHOR_LIMIT; *clamped = "tls_anchor_bytes"; }
}
/* the TLS block a connection of d needs in its owner's memory (0: none) */
static size_t kinf__conn_tls_bytes(const kinf_conn_desc_t* d) {
#ifdef KINF_TLS_BEARSSL
    if (d->server && !strncmp(d->server, "https://", 8) && !d->own_transport) { return kinf__tls_size(d); }
#else
    (void)d;
#endif
    return 0;
}
/* url into host, port, scheme and Host header; its path (no trailing '/') into prefix */
static int kinf__conn_url(kinf__conn_out* o, const char* url, char* prefix, size_t pcap) {
    const char* p;
    const char* h;
    size_t hl;
    long port = 80;
    o->https = 0;
    if (!strncmp(url, "http://", 7)) { p = url + 7; }
    else if (!strncmp(url, "https://", 8)) { p = url + 8; o->https = 1; port = 443; }
    else { return 0; }
    if (*p == '[') {
        h = ++p;
        while (*p && *p != ']') { p++; }
        if (*p != ']') { return 0; }
        hl = (size_t)(p - h);
        p++;
    } else {
        h = p;
        while (*p && *p != ':' && *p != '/') { p++; }
        hl = (size_t)(p - h);
    }
    if (hl == 0 || hl >= KINF__HOST_BYTES) { return 0; }
    memcpy(o->host, h, hl); o->host[hl] = 0;
    if (!kinf__visible_ascii(o->host) || strchr(o->host, '/') || strchr(o->host, '@')) { return 0; }
    if (*p == ':') {
        const char* ps = ++p;
        while (*p >= '0' && *p <= '9') { p++; }
        port = (long)kinf__parse_dec(ps, (size_t)(p - ps));
        if (port <= 0 || port > 65535) { return 0; }
    }
    if (*p && *p != '/') { return 0; }
    o->port = (uint16_t)port;
    if (!kinf__strlcpy(prefix, p, pcap) || !kinf__visible_ascii(prefix) || strchr(prefix, '?') || strchr(prefix, '#')) { return 0; }
    if (hl && prefix[0] && prefix[strlen(prefix) - 1] == '/') { prefix[strlen(prefix) - 1] = 0; }
    {
        char num[21];
        int v6 = strchr(o->host, ':') != 0;
        int std = (port == (o->https ? 443 : 80));
        size_t n = 0;
        const char* ns = kinf__utoa(num, (uint64_t)port);
        if (v6) { o->hosthdr[n++] = '['; }
        memcpy(o->hosthdr + n, o->host, hl); n += hl;
        if (v6) { o->hosthdr[n++] = ']'; }
        if (!std) { o->hosthdr[n++] = ':'; memcpy(o->hosthdr + n, ns, strlen(ns)); n += strlen(ns); }
        o->hosthdr[n] = 0;
    }
    return 1;
}
#ifdef KINF__PROXY
/* >>endpoint proxy  which proxy a connection goes through, read as client-go
   reads it (Go's http.ProxyFromEnvironment, or a kubeconfig's proxy-url) */
/* a[0..n) and b[0..n) alike but for case (host names) */
static int kinf__ieqn(const char* a, const char* b, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        if (kinf__lower(a[i]) != kinf__lower(b[i])) { return 0; }
    }
    return 1;
}
/* an IPv4 or IPv6 address into 16 bytes (IPv4 in the first 4); its family, or 0 */
static int kinf__ip_bytes(const char* s, size_t n, uint8_t* out) {
    char t[64];
    if (n == 0 || n >= sizeof(t)) { return 0; }
    memcpy(t, s, n); t[n] = 0;
    memset(out, 0, 16);
    if (inet_pton(AF_INET, t, out) == 1) { return AF_INET; }
    if (inet_pton(AF_INET6, t, out) == 1) { return AF_INET6; }
    return 0;
}
/* Does NO_PROXY's entry e[0..n) name host (and port)? An address, an
   address/bits, "*", or a domain ("x.io": x.io and its subdomains; ".x.io"
   and "*.x.io": the subdomains); an address or domain may end in :port. */
static int kinf__no_proxy_entry(const char* e, size_t n, const char* host, uint16_t port) {
    uint8_t a[16], b[16];
    const char* slash = (const char*)memchr(e, '/', n);
    size_t hl = strlen(host), k;
    int fa, fb;
    if (n == 1 && e[0] == '*') { return 1; }
    if (slash) { /* an address range */
        long bits = (long)kinf__parse_dec(slash + 1, n - (size_t)(slash - e) - 1);
        fa = kinf__ip_bytes(e, (size_t)(slash - e), a);
        fb = kinf__ip_bytes(host, hl, b);
        if (!fa || fa != fb || bits < 0 || bits > (fa == AF_INET ? 32 : 128)) { return 0; }
        for (k = 0; k < (size_t)bits; k++) {
            if (((a[k / 8] ^ b[k / 8]) >> (7 - k % 8)) & 1) { return 0; }
        }
        return 1;
    }
    /* a port of its own: "host:port", "[v6]:port" (a bare v6 address has colons and no port) */
    {
        const char* c = 0;
        if (e[0] == '[') {
            const char* r = (const char*)memchr(e, ']', n);
            if (!r) { return 0; }
            if ((size_t)(r - e) + 1 < n) { c = r + 1; if (*c != ':') { return 0; } }
            if (c && (long)kinf__parse_dec(c + 1, n - (size_t)(c - e) - 1) != (long)port) { return 0; }
            e++; n = (size_t)(r - e);
        } else if ((c = (const char*)memchr(e, ':', n)) != 0 && !memchr(c + 1, ':', n - (size_t)(c - e) - 1)) {
            if ((long)kinf__parse_dec(c + 1, n - (size_t)(c - e) - 1) != (long)port) { return 0; }
            n = (size_t)(c - e);
        }
    }
    fa = kinf__ip_bytes(e, n, a);
    if (fa) { return kinf__ip_bytes(host, hl, b) == fa && !memcmp(a, b, 16); }
    if (n >= 2 && e[0] == '*' && e[1] == '.') { e++; n--; }
    if (n && e[0] == '.') { /* the subdomains only */
        return hl > n && kinf__ieqn(host + hl - n, e, n);
    }
    return (hl == n && kinf__ieqn(host, e, n)) || (hl > n && host[hl - n - 1] == '.' && kinf__ieqn(host + hl - n, e, n));
}
/* Is host:port left out of the environment's proxy: localhost, a loopback
   address, or named by NO_PROXY (no_proxy), comma-separated. */
static int kinf__no_proxy(const char* host, uint16_t port) {
    const char* l;
    uint8_t a[16];
    int f;
    if (kinf__ieq(host, strlen(host), "localhost")) { return 1; }
    f = kinf__ip_bytes(host, strlen(host), a);
    if (f == AF_INET && a[0] == 127) { return 1; }
    if (f == AF_INET6 && !memcmp(a, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\1", 16)) { return 1; }
    l = getenv("NO_PROXY");
    if (!l || !*l) { l = getenv("no_proxy"); }
    while (l && *l) {
        const char* e = l;
        size_t n;
        while (*l && *l != ',') { l++; }
        n = (size_t)(l - e);
        while (n && (*e == ' ' || *e == '\t')) { e++; n--; }
        while (n && (e[n - 1] == ' ' || e[n - 1] == '\t')) { n--; }
        if (n && kinf__no_proxy_entry(e, n, host, port)) { return 1; }
        if (*l) { l++; }
    }
    return 0;
}
/* s[0..n) %-unescaped into out (cap, with its NUL); its length, or -1 */
static long kinf__pct_decode(const char* s, size_t n, char* out, size_t cap) {
    size_t i, o = 0;
    for (i = 0; i < n; i++) {
        int c = (uint8_t)s[i];
        if (c == '%') {
            if (i + 2 >= n) { return -1; }
            if (kinf__hexval((uint8_t)s[i + 1]) < 0 || kinf__hexval((uint8_t)s[i + 2]) < 0) { return -1; }
            c = kinf__hexval((uint8_t)s[i + 1]) * 16 + kinf__hexval((uint8_t)s[i + 2]);
            i += 2;
        }
        if (o + 1 >= cap) { return -1; }
        out[o++] = (char)c;
    }
    out[o] = 0;
    return (long)o;
}
/* src[0..n) as standard base64 into out (4 * ((n + 2) / 3) + 1 bytes) */
static void kinf__b64_encode(const uint8_t* src, size_t n, char* out) {
    static const char t[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t i, o = 0;
    for (i = 0; i + 2 < n; i += 3) {
        uint32_t v = (uint32_t)src[i] << 16 | (uint32_t)src[i + 1] << 8 | src[i + 2];
        out[o++] = t[v >> 18]; out[o++] = t[(v >> 12) & 63]; out[o++] = t[(v >> 6) & 63]; out[o++] = t[v & 63];
    }
    if (i < n) {
        uint32_t v = (uint32_t)src[i] << 16 | (i + 1 < n ? (uint32_t)src[i + 1] << 8 : 0u);
        out[o++] = t[v >> 18]; out[o++] = t[(v >> 12) & 63];
        out[o++] = i + 1 < n ? t[(v >> 6) & 63] : '=';
        out[o++] = '=';
    }
    out[o] = 0;
}
/* The proxy of a connection to o's host: d->proxy, or the environment's
   (NULL). o's proxy fields set (host "" for none); 0 with w set when it is
   not a proxy kinformer can use. */
static int kinf__conn_proxy(const kinf_conn_desc_t* d, kinf__conn_out* o, kinf__why* w) {
    const char* p = d->proxy;
    const char* h;
    const char* at;               /* the '@' after user info, then where the host ends */
    const char* end;
    size_t hl;
    long port = 80;
    o->proxy_host[0] = 0; o->proxy_auth[0] = 0; o->proxy_port = 0;
    if (d->own_transport) {
        if (p && p[0]) { return KINF__REFUSE(w, CONFIG_BAD_PROXY, "(with own_transport, the transport connects)", 0); }
        return 1;
    }
    if (!p) {
        p = getenv(o->https ? "HTTPS_PROXY" : "HTTP_PROXY");
        if (!p || !*p) { p = getenv(o->https ? "https_proxy" : "http_proxy"); }
        if (!p || !*p || kinf__no_proxy(o->host, o->port)) { return 1; }
        if (!strstr(p, "://")) { /* a bare host[:port], as Go reads it: http:// */
            h = p;
            goto authority;
        }
    }
    if (!p[0]) { return 1; }
    if (!kinf__ieq(p, 7, "http://")) { /* the scheme in any case, as a URL has it */
        return KINF__REFUSE(w, CONFIG_BAD_PROXY, strchr(p, '@') ? "(not http://; user info not logged)" : p, " (only http:// proxies)");
    }
    h = p + 7;
authority:
    end = h;
    while (*end && *end != '/' && *end != '?' && *end != '#') { end++; }
    if (*end && strcmp(end, "/") != 0) { return KINF__REFUSE(w, CONFIG_BAD_PROXY, strchr(p, '@') ? "(user info not logged)" : p, " (a path)"); }
    at = 0;
    { const char* q; for (q = h; q < end; q++) { if (*q == '@') { at = q; } } }
    if (at) { /* user:password, %-escaped, sent as Basic credentials ("user:" for a user alone, as Go sends it) */
        char cred[256];
        long n = kinf__pct_decode(h, (size_t)(at - h), cred, sizeof(cred) - 1);
        if (n >= 0 && !memchr(h, ':', (size_t)(at - h))) { cred[n++] = ':'; cred[n] = 0; }
        if (n < 0) { return KINF__REFUSE(w, CONFIG_BAD_PROXY, "(user info not logged)", " (its user info is malformed or over 255 bytes)"); }
        kinf__b64_encode((const uint8_t*)cred, (size_t)n, o->proxy_auth);
        memset(cred, 0, sizeof(cred));
        h = at + 1;
    }
    if (*h == '[') {
        const char* r = ++h;
        while (r < end && *r != ']') { r++; }
        if (r >= end) { return KINF__REFUSE(w, CONFIG_BAD_PROXY, o->proxy_auth[0] ? "(user info not logged)" : p, 0); }
        hl = (size_t)(r - h);
        at = r + 1;
    } else {
        at = h;
        while (at < end && *at != ':') { at++; }
        hl = (size_t)(at - h);
    }
    if (hl == 0 || hl >= KINF__HOST_BYTES) { return KINF__REFUSE(w, CONFIG_BAD_PROXY, o->proxy_auth[0] ? "(user info not logged)" : p, 0); }
    memcpy(o->proxy_host, h, hl); o->proxy_host[hl] = 0;
    if (at < end && *at == ':') {
        const char* ps = ++at;
        while (at < end && *at >= '0' && *at <= '9') { at++; }
        port = (long)kinf__parse_dec(ps, (size_t)(at - ps));
        if (at == ps || port <= 0 || port > 65535) { port = -1; }
    }
    if (port < 0 || at != end || !kinf__visible_ascii(o->proxy_host) || strchr(o->proxy_host, '@')) {
        o->proxy_host[0] = 0;
        return KINF__REFUSE(w, CONFIG_BAD_PROXY, o->proxy_auth[0] ? "(user info not logged)" : p, 0);
    }
    o->proxy_port = (uint16_t)port;
    return 1;
}
#endif
/* The connection's checks, in kinf_init's order from the URL on: 1, or 0
   with w set. The server's presence is the caller's first check. */
static int kinf__conn_check(const kinf_conn_desc_t* d, kinf__conn_out* o, char* prefix, size_t pcap, kinf__why* w) {
    if (!kinf__conn_url(o, d->server, prefix, pcap)) {
        return KINF__REFUSE(w, CONFIG_BAD_URL, strchr(d->server, '@') ? "(user info in the URL is refused, and not logged)" : d->server, 0);
    }
#ifdef KINF__PROXY
    if (!kinf__conn_proxy(d, o, w)) { /* refused: nothing of it kept, credentials least of all */
        memset(o->proxy_auth, 0, KINF__PROXY_AUTH_BYTES);
        o->proxy_host[0] = 0;
        return 0;
    }
#else /* a proxy asked for where none can be spoken: never a silent direct connection */
    if (d->proxy && d->proxy[0]) { return KINF__REFUSE(w, CONFIG_BAD_PROXY, 0, 0); }
#endif
#ifdef KINF_NO_EXEC
    if (d->exec && d->exec->command && d->exec->command[0]) { return KINF__REFUSE(w, EXEC_UNAVAILABLE, d->exec->command, 0); }
#endif
    if (o->https && !d->own_transport) {
#ifdef KINF_TLS_BEARSSL
        if (!kinf__tls_load(o->tls, d, o->host, w)) { return 0; }
#else
        return KINF__REFUSE(w, TLS_UNAVAILABLE, o->host, 0);
#endif
    }
    return 1;
}
/* the token checks, after the caller's own (kinf_init's order) */
static int kinf__conn_check_token(const kinf_conn_desc_t* d, kinf__why* w) {
    if (!kinf__fits(d->token, KINF_MAX_TOKEN)) { return KINF__REFUSE(w, TOKEN_TOO_LONG, 0, 0); }
    if (!kinf__visible_ascii(d->token)) { return KINF__REFUSE(w, TOKEN_INVALID, 0, 0); }
    if (!kinf__fits(d->token_file, KINF__TOKEN_FILE_BYTES)) { return KINF__REFUSE(w, CONFIG_TOO_LONG, "token_file", 0); }
    return 1;
}
/* Where the checks build into a cleared connection (tls: the TLS block's place, or NULL). */
static kinf__conn_out kinf__conn_into(kinf_engine_t* c, void* tls) {
    kinf__conn_out o;
    memset(&o, 0, sizeof(o));
    o.host = c->host; o.hosthdr = c->hosthdr;
#ifdef KINF__PROXY
    o.proxy_host = c->proxy_host; o.proxy_auth = c->proxy_auth;
#endif
#ifdef KINF_TLS_BEARSSL
    if (tls) { o.tls = kinf__tls_block(tls); }
#else
    (void)tls;
#endif
    return o;
}
/* Sets up a connection the checks accepted (host and Host header are in it
   already): its owner, the read buffer and TLS block in the owner's memory. */
static void kinf__conn_init(kinf_engine_t* c, const kinf_conn_desc_t* d, const kinf__conn_out* o, const kinf__conn_ops* ops,
                            void* owner, uint8_t* rbuf, void* tls) {
    c->ops = ops; c->owner = owner;
    c->port = o->port; c->https = o->https;
#ifdef KINF__PROXY
    c->proxy_port = o->proxy_port;
#endif
    c->own_transport = d->own_transport != 0;
    c->idle_ms = d->idle_timeout_ms; c->connect_ms = d->connect_timeout_ms;
    c->sock.fd = -1;
    c->on_socket = d->on_socket;
    c->rbuf = rbuf; c->rcap = d->read_bytes;
    kinf__strlcpy(c->token, d->token, sizeof(c->token));
    kinf__strlcpy(c->token_file, d->token_file, sizeof(c->token_file));
    c->exec = d->exec && d->exec->command && d->exec->command[0] ? d->exec : 0;
    c->token_due = c->token_file[0] != 0 || c->exec; /* read (or run) by the driver before the first request */
    c->cstate = KINF__C_NONE;
    c->magic = KINF__CONN_MAGIC;
#ifdef KINF_TLS_BEARSSL
    if (c->https && !c->own_transport && tls) { c->tls = tls; kinf__tls_init(c, d); }
#else
    (void)tls;
#endif
}
#if !defined(KINF_NO_FACTORY) || !defined(KINF_NO_CLIENT)
/* The connection of discovery or the write client: the one given, else an
   informer descriptor's fields, with the defaults applied. */
static kinf_conn_desc_t kinf__conn_desc_for(const kinf_conn_desc_t* c, const kinf_desc_t* d) {
    kinf_conn_desc_t o;
    const char* clamped = 0;
    if (c) { o = *c; } else if (d) { o = kinf__conn_desc(d); } else { memset(&o, 0, sizeof(o)); }
    kinf__conn_defaults(&o, &clamped);
    return o;
}
/* Where such an owner starts in mem (its first 8-byte boundary), or NULL when
   size is less than total: logged on d's logger, what naming the owner. */
static uint8_t* kinf__conn_base(void* mem, size_t size, size_t total, const kinf_conn_desc_t* d, const char* what) {
    char tmp[256];
    if (size < total) {
        kinf__log2(&d->logger, d->tag ? d->tag : "kinformer", KINF_LOG_ERROR, KINF_LOGITEM_MEMORY_TOO_SMALL, __LINE__, tmp, sizeof(tmp), what, 0);
        return 0;
    }
    return (uint8_t*)mem + ((8u - ((uintptr_t)mem & 7u)) & 7u);
}
/* The end of such an owner's layout: its connection's read buffer, then the
   TLS block, at p (*at); the total, with room to align the start. */
static size_t kinf__conn_layout_end(size_t p, size_t* at, const kinf_conn_desc_t* d) {
    *at = p;
    return p + kinf__align8(d->read_bytes) + kinf__align8(kinf__conn_tls_bytes(d)) + 8u;
}
/* Checks and sets up such an owner's connection (cleared, inside the owner)
   over mem (laid out by kinf__conn_layout_end). prefix gets the URL's path. 0 when
   refused: logged on d's logger, what naming the owner. */
static int kinf__conn_setup(kinf_engine_t* c, const kinf_conn_desc_t* d, const kinf__conn_ops* ops, void* owner,
                            uint8_t* mem, char* prefix, size_t pcap) {
    kinf__why w;
    kinf__conn_out o;
    char tmp[400];
    uint8_t* tls = kinf__conn_tls_bytes(d) ? mem + kinf__align8(d->read_bytes) : 0;
    memset(&w, 0, sizeof(w));
    o = kinf__conn_into(c, tls);
    if (!d->server || !d->server[0]) { KINF__REFUSE(&w, CONFIG_NO_SERVER, 0, 0); }
    else if (kinf__conn_check(d, &o, prefix, pcap, &w) && kinf__conn_check_token(d, &w)) {
        kinf__conn_init(c, d, &o, ops, owner, mem, tls);
        return 1;
    }
    kinf__log2(&d->logger, d->tag ? d->tag : "kinformer", KINF_LOG_ERROR, w.item, w.line, tmp, sizeof(tmp), w.d1, w.d2);
    return 0;
}
#endif
