/* proxy.inc.c - included by main.c: an HTTP proxy's tunnel (>>endpoint
   proxy, >>driver socket): which proxy a connection goes through (desc.proxy,
   the environment as client-go reads it, NO_PROXY), and the CONNECT exchange
   against client.inc.c's loopback server (cl_srv) standing in for the proxy. */

/* kinf__conn_proxy for server url (desc.proxy p): the proxy "host:port" (""
   for none), or "refused" */
static const char* px_pick(const char* url, const char* p, int own, char* out, size_t cap) {
    kinf_conn_desc_t d;
    kinf__conn_out o;
    kinf__why w;
    char host[KINF__HOST_BYTES], hosthdr[KINF__HOSTHDR_BYTES], ph[KINF__HOST_BYTES], pa[KINF__PROXY_AUTH_BYTES], prefix[256];
    memset(&d, 0, sizeof(d)); memset(&o, 0, sizeof(o)); memset(&w, 0, sizeof(w));
    o.host = host; o.hosthdr = hosthdr; o.proxy_host = ph; o.proxy_auth = pa;
    d.server = url; d.proxy = p; d.own_transport = own;
    if (!kinf__conn_url(&o, url, prefix, sizeof(prefix))) { snprintf(out, cap, "bad url"); return out; }
    if (!kinf__conn_proxy(&d, &o, &w)) { snprintf(out, cap, "refused"); return out; }
    if (!ph[0]) { snprintf(out, cap, "%s", ""); return out; }
    snprintf(out, cap, "%s:%u%s%s", ph, (unsigned)o.proxy_port, pa[0] ? " " : "", pa);
    return out;
}
static void px_env(const char* hs, const char* hsl, const char* h, const char* hl, const char* np, const char* npl) {
    const char* names[6] = { "HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "NO_PROXY", "no_proxy" };
    const char* vals[6];
    int i;
    vals[0] = hs; vals[1] = hsl; vals[2] = h; vals[3] = hl; vals[4] = np; vals[5] = npl;
    for (i = 0; i < 6; i++) {
        if (vals[i]) { setenv(names[i], vals[i], 1); } else { unsetenv(names[i]); }
    }
}
/* NO_PROXY's entries one by one, and the environment's choice (Go's
   http.ProxyFromEnvironment as client-go uses it): the variable by the
   server's scheme, upper case first, a value without a scheme is http://,
   never for localhost or a loopback address; desc.proxy over all of it. */
static void test_proxy_choice(void) {
    static const struct { const char* e; const char* host; unsigned port; int want; } np[] = {
        { "*", "a.b", 443, 1 }, { "b.io", "b.io", 443, 1 }, { "b.io", "x.b.io", 443, 1 }, { "b.io", "xb.io", 443, 0 },
        { ".b.io", "b.io", 443, 0 }, { ".b.io", "x.b.io", 443, 1 }, { "*.b.io", "x.b.io", 443, 1 }, { "*.b.io", "b.io", 443, 0 },
        { "B.IO", "x.b.io", 443, 1 }, { "b.io", "X.B.IO", 443, 1 }, { "10.0.0.0/8", "10.2.3.4", 443, 1 }, { "10.0.0.0/8", "11.0.0.1", 443, 0 },
        { "10.0.0.0/8", "ten", 443, 0 }, { "10.1.2.0/23", "10.1.3.9", 1, 1 }, { "10.1.2.0/23", "10.1.4.1", 1, 0 },
        { "fd00::/8", "fd12::1", 443, 1 }, { "fd00::/8", "fe80::1", 443, 0 }, { "10.1.2.3", "10.1.2.3", 443, 1 },
        { "10.1.2.3", "10.1.2.4", 443, 0 }, { "10.1.2.3:6443", "10.1.2.3", 6443, 1 }, { "10.1.2.3:6443", "10.1.2.3", 443, 0 },
        { "b.io:443", "b.io", 443, 1 }, { "b.io:80", "b.io", 443, 0 }, { "[::1]:443", "::1", 443, 1 }, { "[::1]:80", "::1", 443, 0 },
        { "2001:db8::1", "2001:db8::1", 1, 1 }, { "2001:db8::1", "2001:db8::2", 1, 0 }, { "10.0.0.0/33", "10.0.0.1", 1, 0 },
        { "io", "b.io", 1, 1 }, { "b.io", "io", 1, 0 }
    };
    char got[512];
    size_t i;
    int ok = 1;
    g_test = "proxy choice";
    for (i = 0; i < sizeof(np) / sizeof(np[0]); i++) {
        int r = kinf__no_proxy_entry(np[i].e, strlen(np[i].e), np[i].host, (uint16_t)np[i].port);
        if (r != np[i].want) { ok = 0; note("NO_PROXY entry '%s' for %s:%u: %d", np[i].e, np[i].host, np[i].port, r); }
    }
    CHECK(ok);
    /* the environment */
    px_env("http://p.corp:3128", 0, "q.corp", 0, 0, 0);
    CHECK_STR(px_pick("https://10.0.0.1:6443", 0, 0, got, sizeof(got)), "p.corp:3128");
    CHECK_STR(px_pick("http://10.0.0.1:8080", 0, 0, got, sizeof(got)), "q.corp:80");     /* no scheme: http://, port 80 */
    CHECK_STR(px_pick("https://localhost:6443", 0, 0, got, sizeof(got)), "");           /* never for localhost */
    CHECK_STR(px_pick("https://LocalHost:6443", 0, 0, got, sizeof(got)), "");
    CHECK_STR(px_pick("https://127.0.0.9:6443", 0, 0, got, sizeof(got)), "");           /* nor a loopback address */
    CHECK_STR(px_pick("https://[::1]:6443", 0, 0, got, sizeof(got)), "");
    CHECK_STR(px_pick("https://10.0.0.1:6443", "", 0, got, sizeof(got)), "");           /* "": none, whatever the environment */
    CHECK_STR(px_pick("https://127.0.0.1:6443", "http://[::1]:8888", 0, got, sizeof(got)), "::1:8888"); /* given: used for any host */
    CHECK_STR(px_pick("https://10.0.0.1:6443", 0, 1, got, sizeof(got)), "");            /* own transport: its own business */
    CHECK_STR(px_pick("https://10.0.0.1:6443", "http://p:1", 1, got, sizeof(got)), "refused");
    px_env(0, "http://lower:1", 0, 0, "api.corp, 10.0.0.0/8 ,", 0);                      /* lower case when upper is not set */
    CHECK_STR(px_pick("https://x.api.corp", 0, 0, got, sizeof(got)), "");
    CHECK_STR(px_pick("https://10.9.9.9", 0, 0, got, sizeof(got)), "");
    CHECK_STR(px_pick("https://11.9.9.9", 0, 0, got, sizeof(got)), "lower:1");
    CHECK_STR(px_pick("http://11.9.9.9", 0, 0, got, sizeof(got)), "");                  /* https_proxy is not http's */
    px_env(0, "http://lower:1", 0, 0, 0, "*");
    CHECK_STR(px_pick("https://11.9.9.9", 0, 0, got, sizeof(got)), "");
    CHECK_STR(px_pick("https://11.9.9.9", "http://given:2", 0, got, sizeof(got)), "given:2"); /* NO_PROXY is the environment's */
    px_env("socks5://s:1080", 0, 0, 0, 0, 0);
    CHECK_STR(px_pick("https://11.9.9.9", 0, 0, got, sizeof(got)), "refused");          /* not silently direct */
    CHECK_STR(px_pick("https://localhost", 0, 0, got, sizeof(got)), "");                /* ... but never asked for here */
    px_env(0, 0, 0, 0, 0, 0);
    CHECK_STR(px_pick("https://11.9.9.9", 0, 0, got, sizeof(got)), "");
    /* the URL's forms; credentials %-unescaped, as Basic */
    {
        static const struct { const char* p; const char* want; } f[] = {
            { "http://p", "p:80" }, { "HTTP://P:8", "P:8" }, { "http://p:3128/", "p:3128" }, { "http://[fd00::1]:3128", "fd00::1:3128" },
            { "http://user:p%40ss@p:1", "p:1 dXNlcjpwQHNz" }, { "http://u@p:1", "p:1 dTo=" }, { "http://a%3Ab@p:1", "p:1 YTpiOg==" }, { "http://ab:c@p:1", "p:1 YWI6Yw==" },
            { "https://p:1", "refused" }, { "socks5://p:1", "refused" }, { "http://p:0", "refused" }, { "http://p:65536", "refused" },
            { "http://p:", "refused" }, { "http://p:1x", "refused" }, { "http://p/x", "refused" }, { "http://[fd00::1", "refused" },
            { "http://u:%zz@p:1", "refused" }, { "http://u:%4@p:1", "refused" }, { "http://", "refused" }, { "http://:1", "refused" },
            { "http://p?x", "refused" }, { "http://a b:1", "refused" }
        };
        ok = 1;
        for (i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
            px_pick("https://10.0.0.1", f[i].p, 0, got, sizeof(got));
            if (strcmp(got, f[i].want) != 0) { ok = 0; note("proxy '%s': '%s', expected '%s'", f[i].p, got, f[i].want); }
        }
        CHECK(ok);
    }
    /* kinf_init says why, without the credentials */
    {
        kinf_desc_t d;
        char why[256];
        desc_base(&d);
        d.proxy = "https://user:SECRET@p:1";
        g_secret_leaked = 0;
        CHECK_INT(kinf_check(&d, kinf_informer_size(&d), why, sizeof(why)), KINF_LOGITEM_CONFIG_BAD_PROXY);
        CHECK(!strstr(why, "SECRET"));
        log_reset();
        CHECK(mk(&d) == 0);
        CHECK_INT(logged(KINF_LOGITEM_CONFIG_BAD_PROXY), 1);
        CHECK(!g_secret_leaked);
    }
}
/* An informer through a proxy: its CONNECT for the server (the Host header,
   Basic credentials), then its requests through the tunnel; a refusal
   (407), an answer that is not HTTP and a proxy that closes are each an
   error with its id, and the informer tries again. */
static void test_proxy_tunnel(void) {
    static const char ok200[] = "HTTP/1.1 200 Connection established\r\nVia: test\r\n\r\n";
    static const char list[] = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 112\r\n\r\n"
        "{\"metadata\":{\"resourceVersion\":\"10\"},\"items\":[{\"metadata\":{\"name\":\"a\",\"namespace\":\"n\",\"resourceVersion\":\"10\"}}]}";
    static const char* const bad[] = { "HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n", "SSH-2.0-x\r\n\r\n", 0 };
    static const uint32_t bad_item[] = { KINF_LOGITEM_PROXY_REFUSED, KINF_LOGITEM_PROXY_FAILED, KINF_LOGITEM_PROXY_FAILED };
    char proxy[96];
    kinf_desc_t d;
    kinf_informer_t* inf;
    cl_srv v;
    int port, i, k;
    g_test = "proxy tunnel";
    port = cl_srv_open(&v);
    if (!CHECK(port > 0)) { return; }
    snprintf(proxy, sizeof(proxy), "http://user:p%%40ss@127.0.0.1:%d", port);
    desc_base(&d);
    d.server = "http://10.1.2.3:6443";
    d.proxy = proxy;
    log_reset();
    inf = mk(&d);
    if (!CHECK(inf != 0)) { close(v.lfd); return; }
    for (i = 0; i < 2000 && !kinf_has_synced(inf); i++) {
        int n = v.answered;
        kinf_poll(inf, 5);
        cl_srv_step(&v, n == 0 ? ok200 : list);
        if (n == 0 && v.answered == 1) {
            CHECK_STR(v.last, "CONNECT 10.1.2.3:6443 HTTP/1.1\r\nHost: 10.1.2.3:6443\r\nProxy-Authorization: Basic dXNlcjpwQHNz\r\n\r\n");
        }
    }
    CHECK(kinf_has_synced(inf));
    CHECK_INT(v.accepts, 1);
    CHECK(!strncmp(v.last, "GET /api/v1/pods?", 17) && strstr(v.last, "\r\nHost: 10.1.2.3:6443\r\n") != 0);
    CHECK_INT(kinf_count(inf), 1);
    rm(inf);
    if (v.fd >= 0) { close(v.fd); v.fd = -1; }
    /* refusals: each logged with its id, and tried again on a new connection */
    for (k = 0; k < 3; k++) {
        int acc = v.accepts;
        d.connect_timeout_ms = 60000;
        log_reset();
        inf = mk(&d);
        if (!CHECK(inf != 0)) { break; }
        v.cut = bad[k] == 0;
        for (i = 0; i < 3000 && logged(bad_item[k]) < 2; i++) {
            kinf_poll(inf, 5);
            cl_srv_step(&v, bad[k] ? bad[k] : ""); /* the last: closed at CONNECT's end without an answer */
        }
        if (!CHECK_INT_OK(logged(bad_item[k]), 2)) { note("case %d: %s", k, g_lastmsg); }
        CHECK(v.accepts >= acc + 2 && !kinf_has_synced(inf));
        if (k == 0) { CHECK(strstr(g_lastmsg, ":") && strstr(g_lastmsg, " (proxy): HTTP/1.1 407 Proxy Authentication Required") != 0); }
        rm(inf);
        if (v.fd >= 0) { close(v.fd); v.fd = -1; }
        v.cut = 0;
    }
    close(v.lfd);
}
