#ifndef KINF_NO_WATCH_LIST
/* >>watchlist  Watch-list (KEP-3157): a (re)list as one watch with
   sendInitialEvents=true. The objects come as ADDED events, then a bookmark
   annotated k8s.io/initial-events-end: "true" ends them: the list is complete
   at its resourceVersion, and the same stream goes on as the watch. */
static int kinf__wl_want(const kinf_informer_t* inf) {
    return inf->wl_mode != KINF_WATCH_LIST_OFF && !inf->wl_off && !inf->wl_skip;
}
/* As client-go's reflector: from the last synced resourceVersion when there
   is one to go on from, else "" (a read as recent as the server's storage). */
static int kinf__wl_query(kinf_informer_t* inf, char* w, size_t cap, size_t* o) {
    int ok = kinf__put(w, cap, o, "?watch=1&sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan&resourceVersion=");
    kinf__strlcpy(inf->req_rv, inf->rv_mode == KINF__RV_LAST ? inf->last_rv : "", sizeof(inf->req_rv));
    ok &= kinf__pct(w, cap, o, inf->req_rv);
    return ok;
}
/* the stream of a watch-list answered 200: a failure now is a fallback */
static int kinf__wl_streaming(const kinf_informer_t* inf) { return inf->wl_init && inf->conn.resp.head_done && inf->conn.resp.status == 200; }
/* A status that says the server does not do watch-list (an old server: 422
   Invalid; 400, 403, 405, 501 ...): any 4xx but 401, 404, 408, 410 and 429,
   which a LIST would get as well or which pass, and 501. */
static int kinf__wl_refusal(int status) {
    return (status >= 400 && status < 500 && status != 401 && status != 404 && status != 408 && status != 410 && status != 429) || status == 501;
}
#define KINF__WL_INIT(inf) ((inf)->wl_init)
#else
#define KINF__WL_INIT(inf) 0
#endif
