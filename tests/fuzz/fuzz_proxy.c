/* libFuzzer target: which proxy a connection goes through (>>endpoint
   proxy): the proxy URL, NO_PROXY's entries and the server's host, as
   kinf__conn_proxy reads them.

   Input: 1 control byte, then up to three NUL-separated fields: the proxy
   (desc.proxy, or with bit 1 set HTTPS_PROXY / HTTP_PROXY), NO_PROXY, and
   the server's host. Bit 0: an https:// server (else http://); bit 2:
   own_transport.

   A proxy taken has a host of visible ASCII without '@' (under 256 bytes)
   and a port of 1-65535; its credentials, when any, are base64 of text
   holding a ':' (Basic). A refusal keeps nothing. The environment's proxy
   is never taken for localhost or a loopback address, nor with NO_PROXY
   "*". Each NO_PROXY entry decides alike whatever the case of the entry
   and of the host. */
#define KINF__KEEP_PRIVATE_MACROS /* white-box: the private macros stay defined */
#define KINFORMER_IMPLEMENTATION
#include "../../kinformer.h"
#include <ctype.h>
#include <stdio.h>

#define FAIL(...) do { fprintf(stderr, "\nFUZZ INVARIANT FAILED: "); fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); abort(); } while (0)

/* the next NUL-separated field of d[*at..n) as a C string in out */
static const char* field(const uint8_t* d, size_t n, size_t* at, char* out, size_t cap) {
    size_t k = 0;
    while (*at < n && d[*at] && k + 1 < cap) { out[k++] = (char)d[(*at)++]; }
    while (*at < n && d[*at]) { (*at)++; }
    if (*at < n) { (*at)++; }
    out[k] = 0;
    return out;
}
static void upper(const char* s, size_t n, char* out) {
    size_t i;
    for (i = 0; i < n; i++) { out[i] = (char)toupper((unsigned char)s[i]); }
    out[n] = 0;
}
int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static char px[1200], np[1200], host[300], url[400], prefix[1100];
    static char ohost[KINF__HOST_BYTES], ohdr[KINF__HOSTHDR_BYTES], phost[KINF__HOST_BYTES], pauth[KINF__PROXY_AUTH_BYTES];
    kinf_conn_desc_t d;
    kinf__conn_out o;
    kinf__why w;
    size_t at = 1, i;
    uint8_t ctl;
    int env, ok;
    if (size < 1) { return 0; }
    ctl = data[0];
    env = (ctl & 2) != 0;
    field(data, size, &at, px, sizeof(px));
    field(data, size, &at, np, sizeof(np));
    field(data, size, &at, host, sizeof(host));
    /* NO_PROXY's entries one by one: case does not change a decision */
    {
        const char* e = np;
        while (*e) {
            const char* s = e;
            size_t n;
            char ue[1200], uh[300];
            int r;
            while (*e && *e != ',') { e++; }
            n = (size_t)(e - s);
            if (n) {
                r = kinf__no_proxy_entry(s, n, host, 443);
                upper(s, n, ue);
                upper(host, strlen(host), uh);
                if (kinf__no_proxy_entry(ue, n, host, 443) != r || kinf__no_proxy_entry(s, n, uh, 443) != r) {
                    FAIL("NO_PROXY entry '%.*s' decides by case for '%s'", (int)n, s, host);
                }
                if (n == 1 && s[0] == '*' && !r) { FAIL("'*' does not match '%s'", host); }
            }
            if (*e) { e++; }
        }
    }
    /* the whole choice */
    snprintf(url, sizeof(url), strchr(host, ':') ? "%s://[%s]:443" : "%s://%s:443", (ctl & 1) ? "https" : "http", host);
    memset(&d, 0, sizeof(d)); memset(&o, 0, sizeof(o)); memset(&w, 0, sizeof(w));
    o.host = ohost; o.hosthdr = ohdr; o.proxy_host = phost; o.proxy_auth = pauth;
    if (!kinf__conn_url(&o, url, prefix, sizeof(prefix))) { return 0; }
    unsetenv("HTTPS_PROXY"); unsetenv("https_proxy"); unsetenv("HTTP_PROXY"); unsetenv("http_proxy"); unsetenv("no_proxy");
    setenv("NO_PROXY", np, 1);
    if (env) { setenv((ctl & 1) ? "HTTPS_PROXY" : "HTTP_PROXY", px, 1); d.proxy = 0; } else { d.proxy = px; }
    d.server = url;
    d.own_transport = (ctl & 4) != 0;
    memset(phost, 0x55, sizeof(phost)); memset(pauth, 0x55, sizeof(pauth));
    ok = kinf__conn_check(&d, &o, prefix, sizeof(prefix), &w);
    if (!ok) {
        if (w.item == KINF_LOGITEM_CONFIG_BAD_PROXY) {
            for (i = 0; i < sizeof(pauth); i++) { if (pauth[i]) { FAIL("a refused proxy left its credentials"); } }
            if (phost[0]) { FAIL("a refused proxy left its host"); }
        }
        return 0;
    }
    if (!phost[0]) { return 0; } /* no proxy */
    if (d.own_transport) { FAIL("a proxy with own_transport"); }
    if (strlen(phost) >= KINF__HOST_BYTES || !kinf__visible_ascii(phost) || strchr(phost, '@')) { FAIL("proxy host '%s'", phost); }
    if (o.proxy_port == 0) { FAIL("proxy port 0"); }
    if (env) {
        uint8_t a[16];
        int f = kinf__ip_bytes(ohost, strlen(ohost), a);
        if (kinf__ieq(ohost, strlen(ohost), "localhost") || (f == AF_INET && a[0] == 127)) { FAIL("the environment's proxy for '%s'", ohost); }
        if (!strcmp(np, "*")) { FAIL("NO_PROXY=* and a proxy for '%s'", ohost); }
    }
    if (pauth[0]) { /* Basic: base64 of user:password */
        unsigned char cred[300];
        size_t an = strnlen(pauth, sizeof(pauth));
        long cn;
        if (an >= sizeof(pauth)) { FAIL("credentials not NUL-ended"); }
        cn = kinf__b64(pauth, an, cred, sizeof(cred));
        if (cn < 0) { FAIL("credentials are not base64: '%s'", pauth); }
        if (!memchr(cred, ':', (size_t)cn)) { FAIL("credentials without ':'"); }
    }
    return 0;
}
