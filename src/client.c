#ifndef KINF_NO_CLIENT /* to the end of >>client driver */
/* >>client  one request at a time: a path built as the informer builds its
   own, a request buffer (head and a copied body), a response read into a
   bounded buffer, its Status read by jsmn when it is an error. It owns one
   connection (>>conn), as discovery and the informer do. */
#define KINF__CLIENT_MAGIC 0x6b636c69u
#define KINF__CL_HEAD (3u * KINF__MAX_STR + 1024u + KINF_MAX_TOKEN) /* request line and headers */
#define KINF__CL_TOKS 128                                           /* jsmn tokens for an error's Status */
typedef enum kinf__cl_phase { KINF__CL_IDLE = 0, KINF__CL_RUNNING, KINF__CL_DONE } kinf__cl_phase;
struct kinf_client_t {
    uint32_t magic;
    kinf_engine_t conn;           /* the connection: settings, token, socket, TLS, the exchange */
    kinf_logger_t logger;
    char tag[32];
    char logbuf[400];
    size_t req_cap, resp_cap, mem_layout;
    char prefix[KINF__MAX_STR];   /* the server URL's path */
    /* the request */
    int phase, verb;
    char path[KINF__MAX_STR + KINF__MAX_NAME + 16];
    char* head;                   /* head room then body: KINF__CL_HEAD + req_cap */
    char* body;                   /* the request body, copied (the head is built right in front of it) */
    size_t body_len;
    /* the response */
    char* rbody;                  /* resp_cap + 1 */
    size_t rlen;
    kinf_client_response_t out;
    jsmntok_t toks[KINF__CL_TOKS];
    uint32_t last_error;
    kinf_client_stats_t st;
    /* retries (desc.max_retries ...): of this request so far, the backoff's
       exponent, when the next attempt goes out (0: none waiting), the jitter */
    int max_retries, retries, backoff_n;
    uint32_t retry_base_ms, retry_max_ms, rng;
    uint64_t retry_at;
};
static int kinf__cl_ok(const kinf_client_t* c) { return c && c->magic == KINF__CLIENT_MAGIC; }
static void kinf__cl_log(kinf_client_t* c, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    if (level <= KINF_LOG_ERROR) { c->last_error = item; }
    kinf__log2(&c->logger, c->tag, level, item, line, c->logbuf, sizeof(c->logbuf), d1, d2);
}
#define KINF__CL_ERR(c, item, d1, d2) kinf__cl_log((c), KINF_LOG_ERROR, KINF_LOGITEM_##item, (d1), (d2), __LINE__)
/* the request ends: result, item (0: none), the connection dropped or kept */
static void kinf__cl_finish(kinf_client_t* c, int result, uint32_t item, int keep) {
    c->out.result = result;
    c->out.item = item;
    c->rbody[c->rlen] = 0;
    c->out.body = c->rbody; c->out.body_len = c->rlen;
    if (!keep) { kinf__conn_drop(&c->conn); }
    c->conn.cstate = KINF__C_NONE;
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
        n = k;
    }
    /* by the length, not to the first NUL: an escaped \u0000 is a control character too */
    for (k = 0; k < n; k++) { if ((unsigned char)dst[k] < 0x20u || dst[k] == 0x7f) { dst[k] = '?'; } }
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
        j = kinf__tok_skip(c->toks, nt, j + 1);
    }
}
/* >>client retry  client-go's rules: a 429 (the server did not take the
   request), a 5xx with Retry-After (the server asks for it), and for a GET,
   which changes nothing, a 5xx without it or a connection lost before the
   whole response. A write that got no answer may have been carried out: it
   ends, and the caller decides, as on a 409. */
static int kinf__cl_retryable(const kinf_client_t* c, int code) {
    if (code == 429) { return 1; }
    if (code >= 500 && code != 501) { return c->conn.resp.retry_after >= 0 || c->verb == KINF_CLIENT_GET; }
    return code == 0 && c->verb == KINF_CLIENT_GET; /* 0: no whole response */
}
/* Sends the request again later, if retries are left: after Retry-After
   (at most retry_max_ms) or the backoff. why: the status or the loss. 1 when
   it will; the connection is kept (keep) or dropped. */
static int kinf__cl_retry(kinf_client_t* c, int code, const char* why, int keep) {
    char num[21], det[64];
    int64_t wait;
    if (!kinf__cl_retryable(c, code) || c->retries >= c->max_retries) { return 0; }
    wait = code ? kinf__conn_retry_after_ms(&c->conn, (int64_t)c->retry_max_ms) : -1;
    if (wait < 0) { wait = (int64_t)kinf__backoff_ms(c->retry_base_ms, c->retry_max_ms, &c->backoff_n, &c->rng); }
    c->retries++;
    c->st.retries++;
    if (!keep) { kinf__conn_drop(&c->conn); }
    c->conn.cstate = KINF__C_NONE;
    c->retry_at = c->conn.now + (uint64_t)wait;
    det[0] = 0;
    kinf__cat(det, sizeof(det), " (");
    kinf__cat(det, sizeof(det), why);
    kinf__cat(det, sizeof(det), "; retry ");
    kinf__cat(det, sizeof(det), kinf__utoa(num, (uint64_t)c->retries));
    kinf__cat(det, sizeof(det), " in ");
    kinf__cat(det, sizeof(det), kinf__utoa(num, (uint64_t)wait));
    kinf__cat(det, sizeof(det), " ms)");
    kinf__cl_log(c, KINF_LOG_WARN, KINF_LOGITEM_CLIENT_RETRY, c->path, det, __LINE__);
    return 1;
}
/* The whole response: what it means for the caller. */
static void kinf__cl_response_done(kinf_client_t* c) {
    int code = c->conn.resp.status, result;
    uint32_t item;
    char num[21], det[300];
    int keep;
    kinf__conn_finished(&c->conn);
    keep = c->conn.reusable;
    c->out.code = code;
    if (code >= 200 && code < 300) { kinf__cl_finish(c, KINF_CLIENT_OK, 0, keep); return; }
    if (kinf__cl_retry(c, code, kinf__utoa(num, (uint64_t)code), keep)) { return; }
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
        kinf__conn_unauthorized(&c->conn); /* the token again before the next request */
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
        c->out.code = c->conn.resp.status;
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
/* body bytes into the response buffer (kinf__conn_drain's take) */
static int kinf__cl_take_op(void* owner, const uint8_t* b, size_t n) { return kinf__cl_take((kinf_client_t*)owner, b, n); }
static const char* const kinf__cl_methods[] = { "", "GET ", "POST ", "PUT ", "PATCH ", "PATCH ", "DELETE ", "PATCH " };
/* The request's head in front of the body, with the token held now; 0 when it does not fit. */
static int kinf__cl_build(kinf_client_t* c) {
    char num[21], extra[128];
    size_t o = 0, cap = KINF__CL_HEAD;
    int ok = 1;
    extra[0] = 0;
    if (c->body_len || c->verb == KINF_CLIENT_CREATE || c->verb == KINF_CLIENT_UPDATE ||
        c->verb == KINF_CLIENT_PATCH_MERGE || c->verb == KINF_CLIENT_PATCH_JSON || c->verb == KINF_CLIENT_APPLY) {
        kinf__cat(extra, sizeof(extra), c->verb == KINF_CLIENT_PATCH_MERGE ? "Content-Type: application/merge-patch+json\r\n" :
                                        c->verb == KINF_CLIENT_PATCH_JSON ? "Content-Type: application/json-patch+json\r\n" :
                                        c->verb == KINF_CLIENT_APPLY ? "Content-Type: application/apply-patch+yaml\r\n" :
                                        "Content-Type: application/json\r\n");
        kinf__cat(extra, sizeof(extra), "Content-Length: ");
        kinf__cat(extra, sizeof(extra), kinf__utoa(num, (uint64_t)c->body_len));
        kinf__cat(extra, sizeof(extra), "\r\n");
    }
    ok &= kinf__put(c->head, cap, &o, kinf__cl_methods[c->verb]);
    ok &= kinf__put(c->head, cap, &o, c->path);
    ok &= kinf__conn_headers(&c->conn, c->head, cap, &o, "Accept: application/json\r\n", extra);
    if (!ok) { return 0; }
    /* the body sits right after the head room: the head moves up against it */
    c->conn.wbuf = c->body - o;
    memmove(c->conn.wbuf, c->head, o);
    c->conn.wpos = 0;
    c->conn.wlen = o + c->body_len;
    return 1;
}
/* the JSON text of a string (quote, backslash escaped; control bytes refused) */
static int kinf__cl_put_jstr(char* out, size_t cap, size_t* o, const char* s) {
    const char* p;
    for (p = s; *p; p++) { if ((unsigned char)*p < 0x20u) { return 0; } }
    return kinf__put(out, cap, o, "\"") && kinf__rf_put_json(out, cap, o, s) && kinf__put(out, cap, o, "\"");
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
static int kinf__cl_send(kinf_client_t* c, int first);
static void kinf__cl_advance(void* owner) {
    kinf_client_t* c = (kinf_client_t*)owner;
    int r;
    if (c->phase == KINF__CL_RUNNING && c->retry_at && c->conn.now >= c->retry_at) { /* the retry's time */
        c->retry_at = 0;
        if (!kinf__cl_send(c, 0)) { kinf__cl_finish(c, KINF_CLIENT_CONNECTION, KINF_LOGITEM_CONFIG_TOO_LONG, 0); }
        return;
    }
    if (c->phase != KINF__CL_RUNNING || c->conn.cstate != KINF__C_RECV) { return; }
    r = kinf__conn_drain(&c->conn, kinf__cl_take_op, c);
    if (r == -1) { kinf__cl_fail(c, c->conn.err_item); } /* malformed; a refused take ended the request itself */
    if (r != 0) { return; }
    if (c->conn.body_done) { kinf__cl_response_done(c); }
}
/* The exchange ended without a whole response: the request fails (a connection failure). */
static void kinf__cl_lost(void* owner, int why, uint32_t item) {
    kinf_client_t* c = (kinf_client_t*)owner;
    /* a cut (closed, reset) under the exchange; a connect that failed is not
       retried here (as client-go): the caller's next request tries again */
    int cut = why == KINF__LOST_CLOSED || (why == KINF__LOST_FAILED && (c->conn.cstate == KINF__C_SEND || c->conn.cstate == KINF__C_RECV));
    if (c->phase == KINF__CL_RUNNING && cut && kinf__cl_retry(c, 0, why == KINF__LOST_CLOSED ? "connection closed" : "connection lost", 0)) { return; }
    if (why == KINF__LOST_CLOSED) { KINF__CL_ERR(c, CONNECTION_CLOSED, c->path, 0); item = KINF_LOGITEM_CONNECTION_CLOSED; }
    else if (why == KINF__LOST_IDLE) { KINF__CL_ERR(c, IDLE_TIMEOUT, c->path, 0); }
    if (c->phase == KINF__CL_RUNNING) { kinf__cl_fail(c, item); }
    c->conn.cstate = KINF__C_NONE;
}
/* a token file is read before a request goes out (on a new connection or a kept one), not in the middle of one */
static unsigned kinf__cl_gate(const void* owner) {
    const kinf_client_t* c = (const kinf_client_t*)owner;
    int before = c->conn.cstate == KINF__C_WANTED || (c->conn.cstate == KINF__C_SEND && c->conn.wpos == 0);
    return (c->phase == KINF__CL_RUNNING && before ? (unsigned)KINF_ENG_TOKEN : 0u) | KINF_ENG_RECV;
}
static uint64_t kinf__cl_deadline(const void* owner) {
    const kinf_client_t* c = (const kinf_client_t*)owner;
    return c->phase == KINF__CL_RUNNING && c->retry_at ? c->retry_at : UINT64_MAX;
}
static int kinf__cl_head(void* owner) { (void)owner; return 0; }
static int kinf__cl_rebuild(void* owner) { return kinf__cl_build((kinf_client_t*)owner); }
static void kinf__cl_log_op(void* owner, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    kinf__cl_log((kinf_client_t*)owner, level, item, d1, d2, line);
}
static const kinf__conn_ops kinf__cl_ops = {
    kinf__cl_advance, kinf__cl_rebuild, kinf__cl_head, kinf__cl_lost, kinf__cl_gate, kinf__cl_deadline, 0, kinf__cl_log_op
};

/* The request (built again: a token read since goes into it) goes out, the
   first time (from kinf_client_start: no clock) or again (in an engine call);
   0 when its head does not fit. */
static int kinf__cl_send(kinf_client_t* c, int first) {
    if (!kinf__cl_build(c)) { KINF__CL_ERR(c, CONFIG_TOO_LONG, "client request", 0); return 0; }
    memset(&c->out, 0, sizeof(c->out));
    c->out.body = "";
    c->rlen = 0; c->rbody[0] = 0;
    kinf__conn_start(&c->conn);
    if (first) { c->conn.last_rx = KINF__RX_UNCLOCKED; } /* its idle time from the next tick */
#ifndef KINF_ENGINE_ONLY
    kinf__drv_tell(&c->conn); /* a kept-alive socket is now written */
#endif
    return 1;
}
/* The request is in place (path, verb, body): its head built, it goes out. */
static int kinf__cl_go(kinf_client_t* c) {
    c->retries = 0; c->backoff_n = 0; c->retry_at = 0;
    c->phase = KINF__CL_RUNNING;
    if (!kinf__cl_send(c, 1)) { c->phase = KINF__CL_IDLE; return KINF_ERR_INVAL; }
    c->st.requests++;
    return KINF_OK;
}
/* >>client apply  server-side apply's query on the path built: fieldManager
   (required, the API server's limit of 128 bytes, percent-encoded but for
   the unreserved bytes) and force=true when asked; ? or & as the path has
   a query already. KINF_OK, or the call is refused and nothing is sent. */
static int kinf__cl_apply_query(kinf_client_t* c, const kinf_client_request_t* req) {
    const char* fm = req->field_manager;
    size_t i, n, o;
    int ok;
    if (req->verb != KINF_CLIENT_APPLY) { return KINF_OK; }
    n = fm ? strlen(fm) : 0;
    for (i = 0; i < n && (unsigned char)fm[i] >= 0x20u && fm[i] != 0x7f; i++) { }
    if (n == 0 || n > 128 || i < n) { KINF__CL_ERR(c, CLIENT_NO_FIELD_MANAGER, c->path, 0); return KINF_ERR_INVAL; }
    o = strlen(c->path);
    ok = kinf__put(c->path, sizeof(c->path), &o, strchr(c->path, '?') ? "&fieldManager=" : "?fieldManager=") &&
         kinf__pct(c->path, sizeof(c->path), &o, fm);
    if (ok && req->force) { ok = kinf__put(c->path, sizeof(c->path), &o, "&force=true"); }
    if (!ok) { KINF__CL_ERR(c, CONFIG_TOO_LONG, c->path, 0); return KINF_ERR_INVAL; }
    return KINF_OK;
}
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
    if (kinf__cl_apply_query(c, req) != KINF_OK) { return KINF_ERR_INVAL; }
    c->body = c->rbody - c->req_cap;
    if (req->body) {
        blen = req->body_len ? req->body_len : strlen(req->body);
        if (blen > c->req_cap) { char num[21]; KINF__CL_ERR(c, CLIENT_BODY_TOO_LARGE, c->path, kinf__utoa(num, (uint64_t)blen)); return KINF_ERR_NOMEM; }
        memcpy(c->body, req->body, blen);
    }
    c->body_len = blen;
    c->verb = req->verb;
    return kinf__cl_go(c);
}
/* >>client requests */
KINF_API int kinf_client_start(kinf_client_t* c, const kinf_client_request_t* req) {
    size_t blen = 0, o = 0;
    const char* ns;
    if (!kinf__cl_ok(c)) { return KINF_ERR_INVAL; }
    if (req && req->path && req->verb >= KINF_CLIENT_GET && req->verb <= KINF_CLIENT_APPLY) { return kinf__cl_start_path(c, req); }
    if (!req || req->verb < KINF_CLIENT_GET || req->verb > KINF_CLIENT_APPLY || !req->resource) {
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
    if (!kinf__setup_path(c->path, c->prefix, req->resource, ns)) { KINF__CL_ERR(c, CONFIG_BAD_RESOURCE, req->resource, ns); return KINF_ERR_INVAL; }
    if (req->name && (!kinf__cat(c->path, sizeof(c->path), "/") || !kinf__cat(c->path, sizeof(c->path), req->name))) {
        KINF__CL_ERR(c, CONFIG_TOO_LONG, req->name, 0); return KINF_ERR_INVAL;
    }
    if (req->status && !kinf__cat(c->path, sizeof(c->path), "/status")) { KINF__CL_ERR(c, CONFIG_TOO_LONG, req->name, 0); return KINF_ERR_INVAL; }
    if (kinf__cl_apply_query(c, req) != KINF_OK) { return KINF_ERR_INVAL; }
    /* the body, copied to the end of wbuf */
    c->body = c->rbody - c->req_cap; /* body area: the req_cap bytes before the response */
    if (req->body) {
        blen = req->body_len ? req->body_len : strlen(req->body);
        if (blen > c->req_cap) { char num[21]; KINF__CL_ERR(c, CLIENT_BODY_TOO_LARGE, c->path, kinf__utoa(num, (uint64_t)blen)); return KINF_ERR_NOMEM; }
        memcpy(c->body, req->body, blen);
    } else if (req->verb == KINF_CLIENT_DELETE && ((req->uid && req->uid[0]) || (req->resource_version && req->resource_version[0]))) {
        int ok = kinf__put(c->body, c->req_cap, &o, "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"preconditions\":{");
        if (req->uid && req->uid[0]) { ok &= kinf__put(c->body, c->req_cap, &o, "\"uid\":") && kinf__cl_put_jstr(c->body, c->req_cap, &o, req->uid); }
        if (req->resource_version && req->resource_version[0]) {
            if (req->uid && req->uid[0]) { ok &= kinf__put(c->body, c->req_cap, &o, ","); }
            ok &= kinf__put(c->body, c->req_cap, &o, "\"resourceVersion\":") && kinf__cl_put_jstr(c->body, c->req_cap, &o, req->resource_version);
        }
        ok &= kinf__put(c->body, c->req_cap, &o, "}}");
        if (!ok) { KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_start", ": a precondition is too long or has control characters"); return KINF_ERR_INVAL; }
        blen = o;
    }
    c->body_len = blen;
    c->verb = req->verb;
    return kinf__cl_go(c);
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
    s.bytes_read = c->conn.bytes_read; s.bytes_written = c->conn.bytes_written;
    return s;
}

/* >>client driver  the built-in driver over its connection */
KINF_API kinf_engine_t* kinf_client_engine(kinf_client_t* c) { return kinf__cl_ok(c) ? &c->conn : 0; }
#ifndef KINF_ENGINE_ONLY
KINF_API int kinf_client_fd(kinf_client_t* c) { return kinf__cl_ok(c) ? kinf__drv_fd(&c->conn) : -1; }
KINF_API unsigned kinf_client_wants(kinf_client_t* c) { return kinf__cl_ok(c) ? kinf__drv_wants(&c->conn) : 0u; }
KINF_API uint32_t kinf_client_fd_generation(kinf_client_t* c) { return kinf__cl_ok(c) ? c->conn.sock_gen : 0u; }
KINF_API int kinf_client_timeout_ms(kinf_client_t* c) { return kinf__cl_ok(c) ? kinf__drv_timeout(&c->conn) : -1; }
KINF_API int kinf_client_poll(kinf_client_t* c, int timeout_ms) {
    if (!kinf__cl_ok(c)) { return KINF_ERR_INVAL; }
    if (c->conn.own_transport) { KINF__CL_ERR(c, OWN_TRANSPORT, 0, 0); return KINF_ERR_STATE; }
    kinf__drv_poll(&c->conn, timeout_ms);
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
    if (c->conn.own_transport) { KINF__CL_ERR(c, OWN_TRANSPORT, 0, 0); out->item = KINF_LOGITEM_OWN_TRANSPORT; return out->result; }
    if (c->phase == KINF__CL_DONE) { kinf_client_done(c, 0); } /* an earlier request nobody collected */
    rc = kinf_client_start(c, req);
    if (rc != KINF_OK) { out->item = c->last_error; return out->result; }
    t0 = kinf_now_ms();
    for (rounds = 0; ; rounds++) {
        int wait = 1000;
        if (kinf_client_done(c, out)) { return out->result; }
        if (timeout_ms >= 0) {
            uint64_t el = kinf_now_ms() - t0;
            if (el >= (uint64_t)timeout_ms) { break; }
            if ((uint64_t)timeout_ms - el < (uint64_t)wait) { wait = (int)((uint64_t)timeout_ms - el); }
        }
        kinf_client_poll(c, wait);
    }
    /* abandoned: the connection goes, the request with it */
    KINF__CL_ERR(c, CLIENT_TIMEOUT, c->path, 0);
    kinf__conn_drop(&c->conn);
    c->phase = KINF__CL_IDLE;
    c->st.failed++;
    out->result = KINF_CLIENT_TIMEOUT; out->item = KINF_LOGITEM_CLIENT_TIMEOUT; out->body = "";
    return out->result;
}
#endif /* KINF_ENGINE_ONLY */
KINF_API void kinf_client_shutdown(kinf_client_t* c) {
    if (!kinf__cl_ok(c)) { return; }
#ifndef KINF_ENGINE_ONLY
    if (!c->conn.own_transport) { kinf__sock_close(&c->conn); }
#endif
    kinf__conn_drop(&c->conn);
    c->conn.close_wanted = 0;
    if (c->phase == KINF__CL_RUNNING) { c->phase = KINF__CL_IDLE; }
}

/* >>client setup */
typedef struct kinf__cl_layout_t { size_t head, rbody, conn, total; } kinf__cl_layout_t;
static void kinf__cl_defaults(const kinf_client_desc_t* in, kinf_client_desc_t* o, kinf_conn_desc_t* conn) {
    *o = *in;
    if (o->request_bytes == 0) { o->request_bytes = 16u * 1024u; }
    if (o->request_bytes < 256) { o->request_bytes = 256; }
    if (o->request_bytes > (64u << 20)) { o->request_bytes = 64u << 20; }
    if (o->response_bytes == 0) { o->response_bytes = 64u * 1024u; }
    if (o->response_bytes < 1024) { o->response_bytes = 1024; }
    if (o->response_bytes > (64u << 20)) { o->response_bytes = 64u << 20; }
    if (o->max_retries == 0) { o->max_retries = 5; }
    if (o->max_retries < 0) { o->max_retries = 0; }
    if (o->max_retries > 100) { o->max_retries = 100; }
    if (o->retry_base_ms <= 0) { o->retry_base_ms = 500; }
    if (o->retry_max_ms <= 0) { o->retry_max_ms = 30000; }
    if (o->retry_max_ms < o->retry_base_ms) { o->retry_max_ms = o->retry_base_ms; }
    *conn = kinf__conn_desc_for(in->connection, in->conn);
}
static kinf__cl_layout_t kinf__cl_layout(const kinf_client_desc_t* o, const kinf_conn_desc_t* conn) {
    kinf__cl_layout_t l;
    size_t p = kinf__align8(sizeof(struct kinf_client_t));
    l.head = p; p = p + KINF__CL_HEAD + o->request_bytes;    /* head room, then the body ... */
    l.rbody = p; p = kinf__align8(p + o->response_bytes + 1); /* ... right before the response */
    l.total = kinf__conn_layout_end(p, &l.conn, conn);
    return l;
}
KINF_API size_t kinf_client_size(const kinf_client_desc_t* desc) {
    kinf_client_desc_t o;
    kinf_conn_desc_t conn;
    if (!desc) { return 0; }
    kinf__cl_defaults(desc, &o, &conn);
    return kinf__cl_layout(&o, &conn).total;
}
KINF_API kinf_client_t* kinf_client_init(void* mem, size_t size, const kinf_client_desc_t* desc) {
    kinf_client_desc_t o;
    kinf_conn_desc_t conn;
    kinf__cl_layout_t l;
    kinf_client_t* c;
    uint8_t* base;
    if (!mem || !desc) { return 0; }
    kinf__cl_defaults(desc, &o, &conn);
    l = kinf__cl_layout(&o, &conn);
    base = kinf__conn_base(mem, size, l.total, &conn, "client");
    if (!base) { return 0; }
    c = (kinf_client_t*)(void*)base;
    memset(c, 0, sizeof(*c));
    c->logger = conn.logger;
    kinf__strlcpy(c->tag, conn.tag ? conn.tag : "kinformer", sizeof(c->tag));
    c->req_cap = o.request_bytes; c->resp_cap = o.response_bytes; c->mem_layout = l.total;
    c->head = (char*)(base + l.head);
    c->body = c->head + KINF__CL_HEAD;
    c->rbody = (char*)(base + l.rbody);
    c->rbody[0] = 0;
    if (!kinf__conn_setup(&c->conn, &conn, &kinf__cl_ops, c, base + l.conn, c->prefix, sizeof(c->prefix))) { return 0; }
    c->conn.retry_stale = 1;
    c->conn.where = c->path;
    c->conn.last_error = &c->last_error;
    c->max_retries = o.max_retries; c->retry_base_ms = (uint32_t)o.retry_base_ms; c->retry_max_ms = (uint32_t)o.retry_max_ms;
    c->rng = kinf__drv_seed(conn.random_seed);
    c->st.response_capacity = o.response_bytes; c->st.request_capacity = o.request_bytes; c->st.mem_used = l.total;
    c->out.body = "";
    c->magic = KINF__CLIENT_MAGIC;
    return c;
}
#endif /* KINF_NO_CLIENT */
