/* >>engine  the public engine calls: a transport of the caller's drives the
   reflector through these (see API, "The engine"); the built-in driver
   below is one such transport. */
static int kinf__ok(const kinf_informer_t* inf) { return inf && inf->magic == KINF__MAGIC; }
KINF_API kinf_server_t kinf_engine_server(kinf_informer_t* inf) {
    kinf_server_t s;
    memset(&s, 0, sizeof(s));
    if (kinf__ok(inf)) { s.host = inf->host; s.port = inf->port; s.https = inf->https; }
    return s;
}
KINF_API unsigned kinf_engine_state(kinf_informer_t* inf) { return kinf__ok(inf) ? kinf__rf_state(inf) : 0u; }
/* An engine call from a callback does nothing, and says so. */
static int kinf__in_callback(kinf_informer_t* inf, const char* call) {
    if (!inf->dispatching) { return 0; }
    KINF__ERR(inf, IN_CALLBACK, call, 0);
    return 1;
}
KINF_API unsigned kinf_engine_tick(kinf_informer_t* inf, uint64_t now_ms) {
    if (!kinf__ok(inf) || kinf__in_callback(inf, "kinf_engine_tick")) { return 0; }
    inf->now = now_ms;
    kinf__rf_advance(inf);
    kinf__rf_idle_check(inf);
    kinf__rf_advance(inf); /* a silent watch resumes at once */
    return kinf__rf_state(inf);
}
KINF_API uint64_t kinf_engine_deadline(kinf_informer_t* inf) {
    uint64_t dl = UINT64_MAX;
    if (!kinf__ok(inf) || inf->fatal) { return UINT64_MAX; }
    if (inf->stop) { return inf->close_wanted ? inf->now : UINT64_MAX; }
    if (inf->started == KINF__RUN_NEW || inf->flen > 0 || inf->close_wanted || kinf__rf_token_stale(inf)) { return inf->now; }
    if (inf->cstate == KINF__C_RECV && (kinf__rf_pending(inf) || inf->body_done)) { return inf->now; }
    if (inf->phase == KINF__PH_BACKOFF) { dl = inf->backoff_until; }
    else if (inf->cstate == KINF__C_SEND || inf->cstate == KINF__C_RECV) { dl = inf->last_rx + (uint64_t)inf->idle_ms; }
    if (inf->synced && inf->resync_ms && inf->next_resync < dl) { dl = inf->next_resync; }
    return dl;
}
KINF_API const uint8_t* kinf_engine_sendbuf(kinf_informer_t* inf, size_t* len) {
    if (len) { *len = 0; }
    if (!kinf__ok(inf)) { return 0; }
    if (!len) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_engine_sendbuf", ": len is NULL"); return 0; }
    if (inf->stop || inf->fatal || inf->cstate != KINF__C_SEND) { return 0; }
    /* a token read since the request was built goes into it, if none of it is sent */
    if (inf->req_token_gen != inf->token_gen && inf->wpos == 0 && !kinf__rf_request(inf)) { return 0; }
    *len = inf->wlen - inf->wpos;
    return (const uint8_t*)inf->wbuf + inf->wpos;
}
KINF_API void kinf_engine_sent(kinf_informer_t* inf, size_t n, uint64_t now_ms) {
    if (!kinf__ok(inf) || kinf__in_callback(inf, "kinf_engine_sent")) { return; }
    if (inf->cstate != KINF__C_SEND) { KINF__ERR(inf, ENGINE_OUT_OF_TURN, "kinf_engine_sent", ": no request is being sent"); return; }
    inf->now = now_ms;
    if (n > inf->wlen - inf->wpos) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_engine_sent", ": n is more than kinf_engine_sendbuf gave"); n = inf->wlen - inf->wpos; }
    inf->wpos += n;
    if (!inf->sock.counts_bytes) { inf->st.bytes_written += n; }
    if (inf->wpos < inf->wlen) { return; }
    inf->cstate = KINF__C_RECV;
    inf->last_rx = now_ms;
}
KINF_API uint8_t* kinf_engine_recvbuf(kinf_informer_t* inf, size_t* cap) {
    if (cap) { *cap = 0; }
    if (!kinf__ok(inf)) { return 0; }
    if (!cap) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_engine_recvbuf", ": cap is NULL"); return 0; }
    if (!(kinf__rf_state(inf) & KINF_ENG_RECV)) { return 0; }
    *cap = inf->rcap;
    return inf->rbuf;
}
KINF_API void kinf_engine_recvd(kinf_informer_t* inf, size_t n, uint64_t now_ms) {
    if (!kinf__ok(inf) || n == 0 || kinf__in_callback(inf, "kinf_engine_recvd")) { return; }
    if (inf->stop || inf->fatal) { return; } /* a read that was under way when the informer stopped */
    if (!(kinf__rf_state(inf) & KINF_ENG_RECV)) { KINF__ERR(inf, ENGINE_OUT_OF_TURN, "kinf_engine_recvd", ": the engine wants no bytes now (the bytes are dropped)"); return; }
    inf->now = now_ms;
    if (n > inf->rcap) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_engine_recvd", ": n is more than kinf_engine_recvbuf's cap"); n = inf->rcap; }
    inf->last_rx = now_ms;
    if (!inf->sock.counts_bytes) { inf->st.bytes_read += n; }
    if (kinf__rf_ingest(inf, n) != 0) { kinf__rf_broken(inf); return; }
    kinf__rf_advance(inf);
}
KINF_API void kinf_engine_connected(kinf_informer_t* inf, uint64_t now_ms) {
    if (!kinf__ok(inf) || kinf__in_callback(inf, "kinf_engine_connected")) { return; }
    if (inf->cstate != KINF__C_WANTED) { KINF__ERR(inf, ENGINE_OUT_OF_TURN, "kinf_engine_connected", ": no connection was asked for"); return; }
    inf->now = now_ms;
    inf->conn_open = 1;
    inf->cstate = KINF__C_SEND;
    inf->last_rx = now_ms;
}
KINF_API void kinf_engine_closed(kinf_informer_t* inf, uint64_t now_ms) {
    if (!kinf__ok(inf) || kinf__in_callback(inf, "kinf_engine_closed")) { return; }
    inf->now = now_ms;
    if (inf->close_wanted) { inf->close_wanted = 0; return; }
    kinf__rf_eof(inf);
}
KINF_API void kinf_engine_failed(kinf_informer_t* inf, uint32_t item, const char* detail, uint64_t now_ms) {
    if (!kinf__ok(inf) || kinf__in_callback(inf, "kinf_engine_failed")) { return; }
    inf->now = now_ms;
    if (item) { kinf__log(inf, KINF_LOG_ERROR, item < KINF_LOGITEM_COUNT ? item : (uint32_t)KINF_LOGITEM_IO_ERROR, detail, 0, __LINE__); }
    inf->close_wanted = 0; inf->conn_open = 0;
    if (inf->cstate == KINF__C_WANTED) { kinf__rf_fail(inf, inf->req_kind, -1); } /* a list keeps its continue token */
    else if (inf->cstate == KINF__C_SEND || inf->cstate == KINF__C_RECV) { kinf__rf_cut(inf); }
}
/* Takes a new token (NULL keeps the one held). A bad one is logged as a
   warning and refused: KINF_OK, or the item. */
static uint32_t kinf__set_token(kinf_informer_t* inf, const char* token, uint64_t now_ms) {
    size_t n;
    inf->now = now_ms;
    inf->token_at = now_ms; inf->token_due = 0;
    if (!token) { return KINF_LOGITEM_OK; }
    for (n = 0; n < KINF_MAX_TOKEN && token[n]; n++) { }
    if (n >= KINF_MAX_TOKEN) { KINF__WARN(inf, TOKEN_TOO_LONG, inf->token_file, 0); return KINF_LOGITEM_TOKEN_TOO_LONG; }
    if (!n || !kinf__visible_ascii(token)) { KINF__WARN(inf, TOKEN_INVALID, inf->token_file, 0); return KINF_LOGITEM_TOKEN_INVALID; }
    if (strcmp(inf->token, token) != 0) { memcpy(inf->token, token, n + 1); inf->token_gen++; }
    return KINF_LOGITEM_OK;
}
/* A public call's refusal is the sticky error, whatever level its item was logged at. */
static int kinf__refused(kinf_informer_t* inf, uint32_t item, int rc) {
    inf->last_error = item;
    return rc;
}
KINF_API int kinf_engine_set_token(kinf_informer_t* inf, const char* token, uint64_t now_ms) {
    uint32_t item;
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    item = kinf__set_token(inf, token, now_ms);
    return item == KINF_LOGITEM_OK ? KINF_OK : kinf__refused(inf, item, KINF_ERR_INVAL);
}
KINF_API int kinf_engine_dispatch(kinf_informer_t* inf, uint64_t now_ms) {
    uint32_t n;
    if (!kinf__ok(inf) || kinf__in_callback(inf, "kinf_engine_dispatch")) { return 0; }
    inf->now = now_ms;
    n = inf->flen;
    kinf__hd_dispatch(inf);
    return (int)(n - inf->flen);
}

