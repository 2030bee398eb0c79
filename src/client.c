#ifndef KINF_NO_CLIENT /* to the end of >>client driver */
/* >>client  one request at a time: a path built as the informer builds its
   own, a request buffer (head and a copied body), a response read into a
   bounded buffer, its Status read by jsmn when it is an error. The
   connection is an informer that never lists (its settings, token, socket
   and TLS), as discovery's is. */
#define KINF__CLIENT_MAGIC 0x6b636c69u
#define KINF__CL_HEAD (3u * KINF__MAX_STR + 1024u + KINF_MAX_TOKEN) /* request line and headers */
#define KINF__CL_TOKS 128                                           /* jsmn tokens for an error's Status */
typedef enum kinf__cl_phase { KINF__CL_IDLE = 0, KINF__CL_RUNNING, KINF__CL_DONE } kinf__cl_phase;
struct kinf_client_t {
    uint32_t magic;
    kinf_informer_t* conn;
    kinf_logger_t logger;
    char tag[32];
    char logbuf[400];
    uint8_t own_transport;
    size_t req_cap, resp_cap, mem_layout;
    /* the request */
    int phase, verb;
    char path[KINF__MAX_STR + KINF__MAX_NAME + 16];
    char* wbuf;                   /* head then body: KINF__CL_HEAD + req_cap */
    char* body;                   /* the request body, copied (wbuf's tail until the head is built in front) */
    size_t body_len, wlen, wpos;
    uint32_t req_token_gen;
    uint64_t now, last_rx;
    /* the connection, as the engine sees it */
    int cstate;
    uint8_t conn_open, close_wanted, reusable, reused;
    /* the response */
    char head[KINF_MAX_HEAD_BYTES];
    size_t hlen;
    kinf__resp resp;
    kinf__chunked ch;
    int64_t body_left;
    int body_done;
    char* rbody;                  /* resp_cap + 1 */
    size_t rlen;
    kinf_client_response_t out;
    jsmntok_t toks[KINF__CL_TOKS];
    uint32_t last_error;
    kinf_client_stats_t st;
};
static int kinf__cl_ok(const kinf_client_t* c) { return c && c->magic == KINF__CLIENT_MAGIC; }
static void kinf__cl_log(kinf_client_t* c, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    if (level <= KINF_LOG_ERROR) { c->last_error = item; }
    kinf__log2(&c->logger, c->tag, level, item, line, c->logbuf, sizeof(c->logbuf), d1, d2);
}
#define KINF__CL_ERR(c, item, d1, d2) kinf__cl_log((c), KINF_LOG_ERROR, KINF_LOGITEM_##item, (d1), (d2), __LINE__)
static void kinf__cl_conn_log(const char* tag, uint32_t level, uint32_t item, const char* msg, uint32_t line, const char* file, void* user) {
    kinf_client_t* c = (kinf_client_t*)user;
    if (item == KINF_LOGITEM_BACKOFF || !c->logger.func) { return; }
    c->logger.func(tag, level, item, msg, line, file, c->logger.user);
}
static void kinf__cl_drop(kinf_client_t* c) {
    if (c->conn_open) { c->close_wanted = 1; }
    c->conn_open = 0; c->reusable = 0;
    c->cstate = KINF__C_NONE;
}
/* the request ends: result, item (0: none), the connection dropped or kept */
static void kinf__cl_finish(kinf_client_t* c, int result, uint32_t item, int keep) {
    c->out.result = result;
    c->out.item = item;
    c->rbody[c->rlen] = 0;
    c->out.body = c->rbody; c->out.body_len = c->rlen;
    if (!keep) { kinf__cl_drop(c); }
    c->cstate = keep ? KINF__C_NONE : c->cstate;
    c->phase = KINF__CL_DONE;
    if (result == KINF_CLIENT_OK) { c->st.ok++; }
    else { c->st.failed++; if (result == KINF_CLIENT_CONFLICT) { c->st.conflicts++; } }
}
/* the request failed before a whole response: a connection failure */
static void kinf__cl_fail(kinf_client_t* c, uint32_t item) {
    if (item) { c->last_error = item; }
    kinf__cl_finish(c, KINF_CLIENT_CONNECTION, item ? item : (uint32_t)KINF_LOGITEM_CONNECTION_CLOSED, 0);
}
/* a JSON string token's text, unescaped, sanitised, cut safely */
static void kinf__cl_text(const char* json, const jsmntok_t* t, char* dst, size_t cap) {
    kinf_value_t v;
    size_t n, k;
    memset(&v, 0, sizeof(v));
    v.type = KINF_VSTRING; v.ptr = json + t->start; v.len = (size_t)(t->end - t->start);
    n = kinf_value_str(&v, dst, cap);
    if (n >= cap) {          /* cut: back to the start of a UTF-8 character, then "..." */
        k = cap - 4;
        while (k > 0 && ((unsigned char)dst[k] & 0xC0u) == 0x80u) { k--; }
        memcpy(dst + k, "...", 4);
    }
    for (k = 0; dst[k]; k++) { if ((unsigned char)dst[k] < 0x20u || dst[k] == 0x7f) { dst[k] = '?'; } }
}
/* reason and message of a Status body, if it is one */
static void kinf__cl_status(kinf_client_t* c) {
    jsmn_parser p;
    int nt, j, m;
    c->out.reason[0] = 0; c->out.message[0] = 0;
    jsmn_init(&p);
    nt = jsmn_parse(&p, c->rbody, c->rlen, c->toks, KINF__CL_TOKS);
    if (nt == JSMN_ERROR_NOMEM) { nt = KINF__CL_TOKS; } /* a long details.causes: the top members come first */
    if (nt < 1 || c->toks[0].type != JSMN_OBJECT) { return; }
    for (m = 0, j = 1; m < c->toks[0].size && j + 1 < nt; m++) {
        const jsmntok_t* k = &c->toks[j];
        const jsmntok_t* v = &c->toks[j + 1];
        size_t kl = (size_t)(k->end - k->start);
        if (v->type == JSMN_STRING && kl == 6 && !memcmp(c->rbody + k->start, "reason", 6)) { kinf__cl_text(c->rbody, v, c->out.reason, sizeof(c->out.reason)); }
        if (v->type == JSMN_STRING && kl == 7 && !memcmp(c->rbody + k->start, "message", 7)) { kinf__cl_text(c->rbody, v, c->out.message, sizeof(c->out.message)); }
        j = kinf__rf_tok_skip(c->toks, nt, j + 1);
    }
}
/* The whole response: what it means for the caller. */
static void kinf__cl_response_done(kinf_client_t* c) {
    int code = c->resp.status, result;
    uint32_t item;
    char num[21], det[300];
    int keep = !c->resp.conn_close && (c->resp.chunked || c->resp.clen >= 0);
    c->reusable = (uint8_t)keep;
    c->out.code = code;
    if (code >= 200 && code < 300) { kinf__cl_finish(c, KINF_CLIENT_OK, 0, keep); return; }
    kinf__cl_status(c);
    if (code == 409) {
        int exists = !strcmp(c->out.reason, "AlreadyExists");
        result = exists ? KINF_CLIENT_ALREADY_EXISTS : KINF_CLIENT_CONFLICT;
        item = exists ? KINF_LOGITEM_CLIENT_ALREADY_EXISTS : KINF_LOGITEM_CLIENT_CONFLICT;
    } else if (code == 404) { result = KINF_CLIENT_NOT_FOUND; item = KINF_LOGITEM_CLIENT_NOT_FOUND; }
    else if (code == 422) { result = KINF_CLIENT_INVALID; item = KINF_LOGITEM_CLIENT_INVALID; }
    else if (code == 403) { result = KINF_CLIENT_FORBIDDEN; item = KINF_LOGITEM_CLIENT_FORBIDDEN; }
    else if (code == 401) {
        result = KINF_CLIENT_UNAUTHORIZED; item = KINF_LOGITEM_CLIENT_UNAUTHORIZED;
        if (c->conn->token_file[0]) { c->conn->token_due = 1; } /* read again before the next request */
    }
    else if (code >= 500) { result = KINF_CLIENT_SERVER_ERROR; item = KINF_LOGITEM_CLIENT_SERVER_ERROR; }
    else { result = KINF_CLIENT_HTTP_ERROR; item = KINF_LOGITEM_CLIENT_HTTP_ERROR; }
    det[0] = 0;
    kinf__cat(det, sizeof(det), kinf__utoa(num, (uint64_t)code));
    kinf__cat(det, sizeof(det), " ");
    kinf__cat(det, sizeof(det), c->path);
    if (c->out.message[0]) {
        char msg[sizeof(c->out.message) + 16];
        msg[0] = 0;
        kinf__cat(msg, sizeof(msg), " (server: ");
        kinf__cat(msg, sizeof(msg), c->out.message);
        kinf__cat(msg, sizeof(msg), ")");
        kinf__cl_log(c, result == KINF_CLIENT_CONFLICT || result == KINF_CLIENT_ALREADY_EXISTS ? KINF_LOG_WARN : KINF_LOG_ERROR, item, det, msg, __LINE__);
    } else {
        kinf__cl_log(c, result == KINF_CLIENT_CONFLICT || result == KINF_CLIENT_ALREADY_EXISTS ? KINF_LOG_WARN : KINF_LOG_ERROR, item, det, 0, __LINE__);
    }
    c->last_error = item;
    kinf__cl_finish(c, result, item, keep);
}
/* body bytes of the response into the bounded buffer; 0, or -1: too large */
static int kinf__cl_take(kinf_client_t* c, const uint8_t* b, size_t k) {
    if (k > c->resp_cap - c->rlen) {
        char num[21];
        c->out.code = c->resp.status;
        KINF__CL_ERR(c, CLIENT_RESPONSE_TOO_LARGE, c->path, kinf__utoa(num, (uint64_t)c->resp_cap));
        c->rlen = 0;
        kinf__cl_finish(c, KINF_CLIENT_TOO_LARGE, KINF_LOGITEM_CLIENT_RESPONSE_TOO_LARGE, 0);
        return -1;
    }
    memcpy(c->rbody + c->rlen, b, k);
    c->rlen += k;
    if (c->rlen > c->st.response_peak) { c->st.response_peak = c->rlen; }
    return 0;
}
/* freshly read bytes b[0..n): the head, then the body; -1 when the request ended */
static int kinf__cl_ingest(kinf_client_t* c, const uint8_t* b, size_t n) {
    size_t p = 0;
    uint32_t item = 0;
    if (!c->resp.head_done) {
        while (p < n) {
            char ch = (char)b[p++];
            if (c->hlen >= sizeof(c->head)) { KINF__CL_ERR(c, HTTP_HEAD_TOO_LARGE, c->path, 0); kinf__cl_fail(c, KINF_LOGITEM_HTTP_HEAD_TOO_LARGE); return -1; }
            c->head[c->hlen++] = ch;
            if (ch == '\n' && ((c->hlen >= 4 && !memcmp(c->head + c->hlen - 4, "\r\n\r\n", 4)) || (c->hlen >= 2 && c->head[c->hlen - 2] == '\n'))) {
                if (kinf__http_parse_head(c->head, c->hlen, &c->resp, &item) != KINF_OK) {
                    kinf__cl_log(c, KINF_LOG_ERROR, item, c->path, 0, __LINE__);
                    kinf__cl_fail(c, item);
                    return -1;
                }
                if (c->resp.status >= 100 && c->resp.status < 200) { c->hlen = 0; continue; }
                c->resp.head_done = 1;
                c->body_left = c->resp.clen;
                if (c->resp.clen == 0) { c->body_done = 1; }
                break;
            }
        }
        if (!c->resp.head_done) { return 0; }
    }
    if (c->resp.chunked) {
        while (p < n && !c->body_done) {
            long k = kinf__chunked_frame(&c->ch, b, &p, n);
            if (k < 0) { KINF__CL_ERR(c, HTTP_BAD_CHUNK, c->path, 0); kinf__cl_fail(c, KINF_LOGITEM_HTTP_BAD_CHUNK); return -1; }
            if (c->ch.done) { c->body_done = 1; }
            if (k == 0) { break; }
            if (kinf__cl_take(c, b + p, (size_t)k) != 0) { return -1; }
            p += (size_t)k;
        }
        return 0;
    }
    {
        size_t k = n - p;
        if (c->body_left >= 0) {
            if ((int64_t)k >= c->body_left) { k = (size_t)c->body_left; c->body_done = 1; }
            c->body_left -= (int64_t)k;
        }
        return kinf__cl_take(c, b + p, k);
    }
}
static const char* const kinf__cl_methods[] = { "", "GET ", "POST ", "PUT ", "PATCH ", "PATCH ", "DELETE " };
/* The request's head in front of the body, with the token held now; 0 when it does not fit. */
static int kinf__cl_build(kinf_client_t* c) {
    char head[KINF__CL_HEAD];
    char num[21];
    size_t o = 0, cap = sizeof(head);
    int ok = 1;
    c->req_token_gen = c->conn->token_gen;
    ok &= kinf__rf_put(head, cap, &o, kinf__cl_methods[c->verb]);
    ok &= kinf__rf_put(head, cap, &o, c->path);
    ok &= kinf__rf_put(head, cap, &o, " HTTP/1.1\r\nHost: ");
    ok &= kinf__rf_put(head, cap, &o, c->conn->hosthdr);
    ok &= kinf__rf_put(head, cap, &o, "\r\nUser-Agent: kinformer/" KINF__VERSION_STR "\r\nAccept: application/json\r\n");
    if (c->conn->token[0]) {
        ok &= kinf__rf_put(head, cap, &o, "Authorization: Bearer ");
        ok &= kinf__rf_put(head, cap, &o, c->conn->token);
        ok &= kinf__rf_put(head, cap, &o, "\r\n");
    }
    if (c->body_len || c->verb == KINF_CLIENT_CREATE || c->verb == KINF_CLIENT_UPDATE ||
        c->verb == KINF_CLIENT_PATCH_MERGE || c->verb == KINF_CLIENT_PATCH_JSON) {
        ok &= kinf__rf_put(head, cap, &o, c->verb == KINF_CLIENT_PATCH_MERGE ? "Content-Type: application/merge-patch+json\r\n" :
                                          c->verb == KINF_CLIENT_PATCH_JSON ? "Content-Type: application/json-patch+json\r\n" :
                                          "Content-Type: application/json\r\n");
        ok &= kinf__rf_put(head, cap, &o, "Content-Length: ");
        ok &= kinf__rf_put(head, cap, &o, kinf__utoa(num, (uint64_t)c->body_len));
        ok &= kinf__rf_put(head, cap, &o, "\r\n");
    }
    ok &= kinf__rf_put(head, cap, &o, "\r\n");
    if (!ok) { return 0; }
    /* the body sits at the end of wbuf's head room: the head goes right before it */
    c->wpos = 0;
    c->wlen = o + c->body_len;
    memcpy(c->body - o, head, o);
    c->wbuf = c->body - o;
    return 1;
}
/* the JSON text of a string (quote, backslash escaped; control bytes refused) */
static int kinf__cl_put_jstr(char* out, size_t cap, size_t* o, const char* s) {
    const char* p;
    for (p = s; *p; p++) { if ((unsigned char)*p < 0x20u) { return 0; } }
    return kinf__rf_put(out, cap, o, "\"") && kinf__rf_put_json(out, cap, o, s) && kinf__rf_put(out, cap, o, "\"");
}
/* a name of an object: a path segment that cannot leave the path */
static int kinf__cl_name_ok(const char* s) {
    size_t i;
    if (!s || !s[0] || !strcmp(s, ".") || !strcmp(s, "..")) { return 0; }
    for (i = 0; s[i]; i++) {
        char ch = s[i];
        if (i >= KINF__MAX_NAME || !((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '.' || ch == '_' || ch == ':')) { return 0; }
    }
    return 1;
}
/* A kept-alive connection the server closed while idle ends the request
   before any byte of a response: it goes again on a new connection (as
   HTTP clients do for a reused connection; nothing of it was answered). */
static int kinf__cl_stale(kinf_client_t* c) {
    if (!c->reused || c->resp.head_done || c->hlen || (c->cstate != KINF__C_SEND && c->cstate != KINF__C_RECV)) { return 0; }
    c->reused = 0;
    c->conn_open = 0; c->reusable = 0; c->close_wanted = 0;
    c->wpos = 0;
    c->cstate = KINF__C_WANTED;
    return 1;
}
static void kinf__cl_advance(kinf_client_t* c) {
    if (c->phase != KINF__CL_RUNNING) { return; }
    if (c->cstate == KINF__C_RECV && c->body_done) { kinf__cl_response_done(c); return; }
    if ((c->cstate == KINF__C_SEND || c->cstate == KINF__C_RECV) && c->now > c->last_rx &&
        c->now - c->last_rx >= (uint64_t)c->conn->idle_ms) {
        KINF__CL_ERR(c, IDLE_TIMEOUT, c->path, 0);
        kinf__cl_fail(c, KINF_LOGITEM_IDLE_TIMEOUT);
    }
}
static unsigned kinf__cl_state(const kinf_client_t* c) {
    unsigned st = 0;
    if (c->close_wanted) { st |= KINF_ENG_CLOSE; }
    /* a token file is read before a request goes out (on a new connection or a kept one), not in the middle of one */
    if (c->phase == KINF__CL_RUNNING && (c->cstate == KINF__C_WANTED || (c->cstate == KINF__C_SEND && c->wpos == 0)) &&
        kinf__rf_token_stale(c->conn)) { st |= KINF_ENG_TOKEN; }
    if (c->cstate == KINF__C_WANTED) { st |= KINF_ENG_CONNECT; }
    else if (c->cstate == KINF__C_SEND) { st |= KINF_ENG_SEND; }
    else if (c->cstate == KINF__C_RECV && !c->body_done) { st |= KINF_ENG_RECV; }
    return st;
}
static void kinf__cl_time(kinf_client_t* c, uint64_t now) { c->now = now; c->conn->now = now; }

/* >>client path  a request to a path of the caller's own (a webhook): the
   path checked (no byte that could end the request line or start a header),
   then the rest as kinf_client_start does it */
static int kinf__cl_start_path(kinf_client_t* c, const kinf_client_request_t* req) {
    size_t i, n = strlen(req->path), blen = 0;
    if (c->phase == KINF__CL_RUNNING) { KINF__CL_ERR(c, CLIENT_BUSY, 0, 0); return KINF_ERR_STATE; }
    if (req->path[0] != '/' || n >= sizeof(c->path)) { KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_start", ": the path does not start with '/' or is too long"); return KINF_ERR_INVAL; }
    for (i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)req->path[i];
        if (ch <= 0x20u || ch >= 0x7fu) { KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_start", ": the path has a space, a control or a non-ASCII byte"); return KINF_ERR_INVAL; }
    }
    if (req->verb != KINF_CLIENT_GET && req->verb != KINF_CLIENT_DELETE && !req->body) { KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_start", ": this verb needs a body"); return KINF_ERR_INVAL; }
    memcpy(c->path, req->path, n + 1);
    c->body = c->wbuf = (char*)c->rbody - c->req_cap;
    if (req->body) {
        blen = req->body_len ? req->body_len : strlen(req->body);
        if (blen > c->req_cap) { char num[21]; KINF__CL_ERR(c, CLIENT_BODY_TOO_LARGE, c->path, kinf__utoa(num, (uint64_t)blen)); return KINF_ERR_NOMEM; }
        memcpy(c->body, req->body, blen);
    }
    c->body_len = blen;
    c->verb = req->verb;
    if (!kinf__cl_build(c)) { KINF__CL_ERR(c, CONFIG_TOO_LONG, "client request", 0); return KINF_ERR_INVAL; }
    memset(&c->out, 0, sizeof(c->out));
    c->out.body = "";
    c->hlen = 0; c->body_done = 0; c->rlen = 0; c->rbody[0] = 0;
    memset(&c->resp, 0, sizeof(c->resp));
    memset(&c->ch, 0, sizeof(c->ch));
    c->last_rx = c->now;
    c->phase = KINF__CL_RUNNING;
    c->st.requests++;
    c->reused = c->conn_open && c->reusable;
    if (c->reused) { c->cstate = KINF__C_SEND; }
    else { kinf__cl_drop(c); c->cstate = KINF__C_WANTED; }
    return KINF_OK;
}
/* >>client requests */
KINF_API int kinf_client_start(kinf_client_t* c, const kinf_client_request_t* req) {
    size_t blen = 0, o = 0;
    const char* ns;
    char prefix[KINF__MAX_STR];
    if (!kinf__cl_ok(c)) { return KINF_ERR_INVAL; }
    if (req && req->path && req->verb >= KINF_CLIENT_GET && req->verb <= KINF_CLIENT_DELETE) { return kinf__cl_start_path(c, req); }
    if (!req || req->verb < KINF_CLIENT_GET || req->verb > KINF_CLIENT_DELETE || !req->resource) {
        KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_start", ": req, its verb or resource"); return KINF_ERR_INVAL;
    }
    if (c->phase == KINF__CL_RUNNING) { KINF__CL_ERR(c, CLIENT_BUSY, 0, 0); return KINF_ERR_STATE; }
    if (req->verb == KINF_CLIENT_CREATE ? (req->name != 0 || req->status) : !kinf__cl_name_ok(req->name)) {
        KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_start", req->verb == KINF_CLIENT_CREATE ? ": create takes no name and no status" : ": the name is not an object name");
        return KINF_ERR_INVAL;
    }
    if (req->status && (req->verb == KINF_CLIENT_DELETE)) { KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_start", ": delete has no status subresource"); return KINF_ERR_INVAL; }
    if (req->verb != KINF_CLIENT_GET && req->verb != KINF_CLIENT_DELETE && !req->body) { KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_start", ": this verb needs a body"); return KINF_ERR_INVAL; }
    /* the path: the informer's rules for server prefix, resource and namespace */
    ns = req->namespace_;
    {
        size_t pl = strlen(c->conn->path); /* the connection's path is prefix + "/api/v1" */
        memcpy(prefix, c->conn->path, pl - 7); prefix[pl - 7] = 0;
    }
    if (!kinf__setup_path(c->path, prefix, req->resource, ns)) { KINF__CL_ERR(c, CONFIG_BAD_RESOURCE, req->resource, ns); return KINF_ERR_INVAL; }
    if (req->name && (!kinf__cat(c->path, sizeof(c->path), "/") || !kinf__cat(c->path, sizeof(c->path), req->name))) {
        KINF__CL_ERR(c, CONFIG_TOO_LONG, req->name, 0); return KINF_ERR_INVAL;
    }
    if (req->status && !kinf__cat(c->path, sizeof(c->path), "/status")) { KINF__CL_ERR(c, CONFIG_TOO_LONG, req->name, 0); return KINF_ERR_INVAL; }
    /* the body, copied to the end of wbuf */
    c->body = c->wbuf = (char*)c->rbody - c->req_cap; /* body area: the req_cap bytes before the response */
    if (req->body) {
        blen = req->body_len ? req->body_len : strlen(req->body);
        if (blen > c->req_cap) { char num[21]; KINF__CL_ERR(c, CLIENT_BODY_TOO_LARGE, c->path, kinf__utoa(num, (uint64_t)blen)); return KINF_ERR_NOMEM; }
        memcpy(c->body, req->body, blen);
    } else if (req->verb == KINF_CLIENT_DELETE && ((req->uid && req->uid[0]) || (req->resource_version && req->resource_version[0]))) {
        int ok = kinf__rf_put(c->body, c->req_cap, &o, "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"preconditions\":{");
        if (req->uid && req->uid[0]) { ok &= kinf__rf_put(c->body, c->req_cap, &o, "\"uid\":") && kinf__cl_put_jstr(c->body, c->req_cap, &o, req->uid); }
        if (req->resource_version && req->resource_version[0]) {
            if (req->uid && req->uid[0]) { ok &= kinf__rf_put(c->body, c->req_cap, &o, ","); }
            ok &= kinf__rf_put(c->body, c->req_cap, &o, "\"resourceVersion\":") && kinf__cl_put_jstr(c->body, c->req_cap, &o, req->resource_version);
        }
        ok &= kinf__rf_put(c->body, c->req_cap, &o, "}}");
        if (!ok) { KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_start", ": a precondition is too long or has control characters"); return KINF_ERR_INVAL; }
        blen = o;
    }
    c->body_len = blen;
    c->verb = req->verb;
    if (!kinf__cl_build(c)) { KINF__CL_ERR(c, CONFIG_TOO_LONG, "client request", 0); return KINF_ERR_INVAL; }
    memset(&c->out, 0, sizeof(c->out));
    c->out.body = "";
    c->hlen = 0; c->body_done = 0; c->rlen = 0; c->rbody[0] = 0;
    memset(&c->resp, 0, sizeof(c->resp));
    memset(&c->ch, 0, sizeof(c->ch));
    c->last_rx = c->now;
    c->phase = KINF__CL_RUNNING;
    c->st.requests++;
    c->reused = c->conn_open && c->reusable;
    if (c->reused) { c->cstate = KINF__C_SEND; }
    else { kinf__cl_drop(c); c->cstate = KINF__C_WANTED; }
    return KINF_OK;
}
KINF_API int kinf_client_done(kinf_client_t* c, kinf_client_response_t* out) {
    if (!kinf__cl_ok(c) || c->phase != KINF__CL_DONE) { return 0; }
    if (out) { *out = c->out; }
    c->phase = KINF__CL_IDLE;
    return 1;
}
KINF_API int kinf_client_busy(kinf_client_t* c) { return kinf__cl_ok(c) && c->phase == KINF__CL_RUNNING; }
KINF_API uint32_t kinf_client_last_error(kinf_client_t* c) { return kinf__cl_ok(c) ? c->last_error : (uint32_t)KINF_LOGITEM_BAD_ARGUMENT; }
KINF_API void kinf_client_clear_error(kinf_client_t* c) { if (kinf__cl_ok(c)) { c->last_error = 0; } }
KINF_API kinf_client_stats_t kinf_client_stats(kinf_client_t* c) {
    kinf_client_stats_t s;
    memset(&s, 0, sizeof(s));
    if (!kinf__cl_ok(c)) { return s; }
    s = c->st;
    if (c->conn->sock.counts_bytes) { s.bytes_read += c->conn->st.bytes_read; s.bytes_written += c->conn->st.bytes_written; }
    return s;
}

/* >>client engine */
KINF_API kinf_server_t kinf_client_engine_server(kinf_client_t* c) {
    kinf_server_t s;
    memset(&s, 0, sizeof(s));
    return kinf__cl_ok(c) ? kinf_engine_server(c->conn) : s;
}
KINF_API unsigned kinf_client_engine_tick(kinf_client_t* c, uint64_t now_ms) {
    if (!kinf__cl_ok(c)) { return 0; }
    kinf__cl_time(c, now_ms);
    kinf__cl_advance(c);
    return kinf__cl_state(c);
}
KINF_API uint64_t kinf_client_engine_deadline(kinf_client_t* c) {
    if (!kinf__cl_ok(c)) { return UINT64_MAX; }
    if (c->close_wanted || c->cstate == KINF__C_WANTED || (c->cstate == KINF__C_RECV && c->body_done) ||
        (kinf__cl_state(c) & KINF_ENG_TOKEN)) { return c->now; }
    if (c->phase == KINF__CL_RUNNING && (c->cstate == KINF__C_SEND || c->cstate == KINF__C_RECV)) { return c->last_rx + (uint64_t)c->conn->idle_ms; }
    return UINT64_MAX;
}
KINF_API const uint8_t* kinf_client_engine_sendbuf(kinf_client_t* c, size_t* len) {
    if (len) { *len = 0; }
    if (!kinf__cl_ok(c)) { return 0; }
    if (!len) { KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_engine_sendbuf", ": len is NULL"); return 0; }
    if (c->cstate != KINF__C_SEND) { return 0; }
    /* a token read since the request was built goes into it, if none of it is sent */
    if (c->req_token_gen != c->conn->token_gen && c->wpos == 0 && !kinf__cl_build(c)) { return 0; }
    *len = c->wlen - c->wpos;
    return (const uint8_t*)c->wbuf + c->wpos;
}
KINF_API void kinf_client_engine_sent(kinf_client_t* c, size_t n, uint64_t now_ms) {
    if (!kinf__cl_ok(c)) { return; }
    if (c->cstate != KINF__C_SEND) { KINF__CL_ERR(c, ENGINE_OUT_OF_TURN, "kinf_client_engine_sent", ": no request is being sent"); return; }
    kinf__cl_time(c, now_ms);
    if (n > c->wlen - c->wpos) { KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_engine_sent", ": n is more than the sendbuf gave"); n = c->wlen - c->wpos; }
    c->wpos += n;
    if (!c->conn->sock.counts_bytes) { c->st.bytes_written += n; }
    c->last_rx = now_ms;
    if (c->wpos == c->wlen) { c->cstate = KINF__C_RECV; }
}
KINF_API uint8_t* kinf_client_engine_recvbuf(kinf_client_t* c, size_t* cap) {
    if (cap) { *cap = 0; }
    if (!kinf__cl_ok(c)) { return 0; }
    if (!cap) { KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_engine_recvbuf", ": cap is NULL"); return 0; }
    if (!(kinf__cl_state(c) & KINF_ENG_RECV)) { return 0; }
    *cap = c->conn->rcap;
    return c->conn->rbuf;
}
KINF_API void kinf_client_engine_recvd(kinf_client_t* c, size_t n, uint64_t now_ms) {
    if (!kinf__cl_ok(c) || n == 0) { return; }
    if (!(kinf__cl_state(c) & KINF_ENG_RECV)) { KINF__CL_ERR(c, ENGINE_OUT_OF_TURN, "kinf_client_engine_recvd", ": the engine wants no bytes now (the bytes are dropped)"); return; }
    kinf__cl_time(c, now_ms);
    if (n > c->conn->rcap) { KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_engine_recvd", ": n is more than the recvbuf's cap"); n = c->conn->rcap; }
    c->last_rx = now_ms;
    if (!c->conn->sock.counts_bytes) { c->st.bytes_read += n; }
    if (kinf__cl_ingest(c, c->conn->rbuf, n) != 0) { return; }
    kinf__cl_advance(c);
}
KINF_API void kinf_client_engine_connected(kinf_client_t* c, uint64_t now_ms) {
    if (!kinf__cl_ok(c)) { return; }
    if (c->cstate != KINF__C_WANTED) { KINF__CL_ERR(c, ENGINE_OUT_OF_TURN, "kinf_client_engine_connected", ": no connection was asked for"); return; }
    kinf__cl_time(c, now_ms);
    c->conn_open = 1;
    c->cstate = KINF__C_SEND;
    c->last_rx = now_ms;
}
KINF_API void kinf_client_engine_closed(kinf_client_t* c, uint64_t now_ms) {
    if (!kinf__cl_ok(c)) { return; }
    kinf__cl_time(c, now_ms);
    if (c->close_wanted) { c->close_wanted = 0; return; }
    if (kinf__cl_stale(c)) { return; }
    c->conn_open = 0; c->reusable = 0;
    if (c->phase != KINF__CL_RUNNING) { c->cstate = KINF__C_NONE; return; } /* an idle connection closed: the next request connects */
    if (c->cstate == KINF__C_RECV && c->resp.head_done && !c->resp.chunked && c->resp.clen < 0) {
        c->body_done = 1; /* a body read to the close */
        kinf__cl_advance(c);
        return;
    }
    if (c->cstate == KINF__C_SEND || c->cstate == KINF__C_RECV) {
        KINF__CL_ERR(c, CONNECTION_CLOSED, c->path, 0);
        kinf__cl_fail(c, KINF_LOGITEM_CONNECTION_CLOSED);
    }
}
KINF_API void kinf_client_engine_failed(kinf_client_t* c, uint32_t item, const char* detail, uint64_t now_ms) {
    if (!kinf__cl_ok(c)) { return; }
    kinf__cl_time(c, now_ms);
    if (kinf__cl_stale(c)) { return; } /* a reset of an idle kept-alive connection: not worth a line */
    if (item >= KINF_LOGITEM_COUNT) { item = KINF_LOGITEM_IO_ERROR; }
    if (item) { kinf__cl_log(c, KINF_LOG_ERROR, item, detail, 0, __LINE__); }
    c->close_wanted = 0; c->conn_open = 0; c->reusable = 0;
    if (c->phase == KINF__CL_RUNNING) { kinf__cl_fail(c, item ? item : c->conn->last_error ? c->conn->last_error : (uint32_t)KINF_LOGITEM_IO_ERROR); }
    c->cstate = KINF__C_NONE;
}
KINF_API int kinf_client_engine_set_token(kinf_client_t* c, const char* token, uint64_t now_ms) {
    if (!kinf__cl_ok(c)) { return KINF_ERR_INVAL; }
    kinf__cl_time(c, now_ms);
    return kinf_engine_set_token(c->conn, token, now_ms);
}

/* >>client driver  the built-in transport: the connection informer's socket and TLS (>>driver side) */
static kinf__side kinf__cl_side(kinf_client_t* c) {
    kinf__side s;
    s.dc = 0; s.cl = c; s.conn = c->conn; s.cstate = &c->cstate; s.stop = 0; /* no stop flag */
    return s;
}
KINF_API int kinf_client_fd(kinf_client_t* c) { return kinf__cl_ok(c) && !c->own_transport ? c->conn->sock.fd : -1; }
KINF_API unsigned kinf_client_wants(kinf_client_t* c) {
    kinf__side s;
    if (!kinf__cl_ok(c) || c->own_transport) { return 0; }
    s = kinf__cl_side(c);
    return kinf__side_wants(&s);
}
KINF_API int kinf_client_timeout_ms(kinf_client_t* c) {
    kinf__side s;
    if (!kinf__cl_ok(c) || c->own_transport) { return -1; }
    s = kinf__cl_side(c);
    return kinf__side_timeout_ms(&s);
}
KINF_API int kinf_client_poll(kinf_client_t* c, int timeout_ms) {
    kinf__side s;
    if (!kinf__cl_ok(c)) { return KINF_ERR_INVAL; }
    if (c->own_transport) { KINF__CL_ERR(c, OWN_TRANSPORT, 0, 0); return KINF_ERR_STATE; }
    s = kinf__cl_side(c);
    kinf__side_poll(&s, timeout_ms);
    return KINF_OK;
}
KINF_API int kinf_client_do(kinf_client_t* c, const kinf_client_request_t* req, kinf_client_response_t* out, int timeout_ms) {
    uint64_t t0;
    int rc, rounds;
    kinf_client_response_t tmp;
    if (!out) { out = &tmp; }
    memset(out, 0, sizeof(*out));
    out->body = "";
    out->result = KINF_CLIENT_CONNECTION;
    if (!kinf__cl_ok(c)) { out->item = KINF_LOGITEM_BAD_ARGUMENT; return out->result; }
    if (c->own_transport) { KINF__CL_ERR(c, OWN_TRANSPORT, 0, 0); out->item = KINF_LOGITEM_OWN_TRANSPORT; return out->result; }
    if (c->phase == KINF__CL_DONE) { kinf_client_done(c, 0); } /* an earlier request nobody collected */
    rc = kinf_client_start(c, req);
    if (rc != KINF_OK) { out->item = c->last_error; return out->result; }
    t0 = kinf__drv_now_ms();
    for (rounds = 0; ; rounds++) {
        int wait = 1000;
        if (kinf_client_done(c, out)) { return out->result; }
        if (timeout_ms >= 0) {
            uint64_t el = kinf__drv_now_ms() - t0;
            if (el >= (uint64_t)timeout_ms) { break; }
            if ((uint64_t)timeout_ms - el < (uint64_t)wait) { wait = (int)((uint64_t)timeout_ms - el); }
        }
        kinf_client_poll(c, wait);
    }
    /* abandoned: the connection goes, the request with it */
    KINF__CL_ERR(c, CLIENT_TIMEOUT, c->path, 0);
    kinf__cl_drop(c);
    c->phase = KINF__CL_IDLE;
    c->st.failed++;
    out->result = KINF_CLIENT_TIMEOUT; out->item = KINF_LOGITEM_CLIENT_TIMEOUT; out->body = "";
    return out->result;
}
KINF_API void kinf_client_shutdown(kinf_client_t* c) {
    if (!kinf__cl_ok(c)) { return; }
    if (!c->own_transport) { kinf__sock_close(c->conn); }
    c->conn_open = 0; c->reusable = 0; c->close_wanted = 0; c->cstate = KINF__C_NONE;
    if (c->phase == KINF__CL_RUNNING) { c->phase = KINF__CL_IDLE; }
}

/* >>client setup */
typedef struct kinf__cl_layout_t { size_t wbuf, rbody, conn, total; } kinf__cl_layout_t;
static void kinf__cl_defaults(const kinf_client_desc_t* in, kinf_client_desc_t* o, kinf_desc_t* conn) {
    *o = *in;
    if (o->request_bytes == 0) { o->request_bytes = 16u * 1024u; }
    if (o->request_bytes < 256) { o->request_bytes = 256; }
    if (o->request_bytes > (64u << 20)) { o->request_bytes = 64u << 20; }
    if (o->response_bytes == 0) { o->response_bytes = 64u * 1024u; }
    if (o->response_bytes < 1024) { o->response_bytes = 1024; }
    if (o->response_bytes > (64u << 20)) { o->response_bytes = 64u << 20; }
    /* the connection: an informer with the smallest capacities, that never lists */
    memset(conn, 0, sizeof(*conn));
    if (in->conn) { *conn = *in->conn; }
    conn->resource = "/api/v1";
    conn->namespace_ = 0; conn->label_selector = 0; conn->field_selector = 0;
    conn->keep = 0; conn->keep_count = 0; conn->drop = 0; conn->drop_count = 0; conn->no_default_drop = 1;
    conn->max_objects = 1; conn->store_bytes = 1; conn->max_event_bytes = 4096; conn->max_tokens = 64;
    conn->fifo_capacity = 0; conn->max_handlers = 1; conn->max_indexes = -1; conn->prefault_store = 0;
    conn->read_bytes = 0;
    conn->no_gzip = 1; /* its requests are the client's own: no inflater */
}
static kinf__cl_layout_t kinf__cl_layout(const kinf_client_desc_t* o, const kinf_desc_t* conn) {
    kinf__cl_layout_t l;
    size_t p = kinf__align8(sizeof(struct kinf_client_t));
    l.wbuf = p; p = p + KINF__CL_HEAD + o->request_bytes;   /* head room, then the body ... */
    l.rbody = p; p = kinf__align8(p + o->response_bytes + 1); /* ... right before the response */
    l.conn = p; p = kinf__align8(p + kinf_informer_size(conn));
    l.total = p + 8u;
    return l;
}
KINF_API size_t kinf_client_size(const kinf_client_desc_t* desc) {
    kinf_client_desc_t o;
    kinf_desc_t conn;
    if (!desc) { return 0; }
    kinf__cl_defaults(desc, &o, &conn);
    return kinf__cl_layout(&o, &conn).total;
}
KINF_API kinf_client_t* kinf_client_init(void* mem, size_t size, const kinf_client_desc_t* desc) {
    kinf_client_desc_t o;
    kinf_desc_t conn;
    kinf__cl_layout_t l;
    kinf_client_t* c;
    uint8_t* base;
    char tmp[256];
    if (!mem || !desc) { return 0; }
    kinf__cl_defaults(desc, &o, &conn);
    l = kinf__cl_layout(&o, &conn);
    if (size < l.total) {
        kinf__log2(&conn.logger, conn.tag ? conn.tag : "kinformer", KINF_LOG_ERROR, KINF_LOGITEM_MEMORY_TOO_SMALL, __LINE__, tmp, sizeof(tmp), "client", 0);
        return 0;
    }
    base = (uint8_t*)mem + ((8u - ((uintptr_t)mem & 7u)) & 7u);
    c = (kinf_client_t*)(void*)base;
    memset(c, 0, sizeof(*c));
    c->logger = conn.logger;
    kinf__strlcpy(c->tag, conn.tag ? conn.tag : "kinformer", sizeof(c->tag));
    c->own_transport = (uint8_t)(conn.own_transport != 0);
    c->req_cap = o.request_bytes; c->resp_cap = o.response_bytes; c->mem_layout = l.total;
    c->wbuf = (char*)(base + l.wbuf);
    c->rbody = (char*)(base + l.rbody);
    c->rbody[0] = 0;
    conn.logger.func = kinf__cl_conn_log; conn.logger.user = c;
    c->conn = kinf_init(base + l.conn, l.total - l.conn, &conn);
    if (!c->conn) { return 0; }
    if (strlen(c->conn->path) < 7) { return 0; }
    c->cstate = KINF__C_NONE;
    c->st.response_capacity = o.response_bytes; c->st.request_capacity = o.request_bytes; c->st.mem_used = l.total;
    c->out.body = "";
    c->magic = KINF__CLIENT_MAGIC;
    return c;
}
#endif /* KINF_NO_CLIENT */

