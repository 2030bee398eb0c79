/* conn.h - the connection flags, one set for every tool, spelled and meant
   as kwatch has always had them: where the server is (--server, a
   kubeconfig and its context, the in-cluster service account), how the tool
   proves who it is (a token, a client certificate) and how it trusts the
   server (CA bundle, server name, the time certificates are checked at),
   and --idle-timeout. conn_config loads the configuration they select and
   applies it under the flags given. Include after opts.h and tool.h. */
#ifndef TOOLS_CONN_H
#define TOOLS_CONN_H
#ifndef TOOLS_TOOL_H
#error "include opts.h and tool.h before conn.h"
#endif

#include <errno.h>

/* where the proxy comes from (a build without the tunnel has none to tell of) */
#ifndef KINF_NO_PROXY
#define CONN_PROXY_HELP \
      "                         A proxy: the kubeconfig's proxy-url, else HTTPS_PROXY, HTTP_PROXY\n" \
      "                         and NO_PROXY, as kubectl reads them.\n"
#else
#define CONN_PROXY_HELP ""
#endif
#define CONN_CONFIG_WORK (1u << 20) /* a kubeconfig file and its decoded certificates */
static const char* g_kubeconfig;
static const char* g_context;
static const char* g_sa_dir;
static double g_tls_time = -1;      /* --tls-time: a Unix time for certificate dates, -1 none */

/* --tls-time's help as kwatch and nodeagent print it; kubediff and cm2files
   have always printed CONN_TLS_TIME_HELP_1 (one line), and their --help
   stays as it was */
#define CONN_TLS_TIME_HELP \
    "  --tls-time SECONDS     check certificate dates as at this Unix time (UTC) instead of the\n" \
    "                         system clock: for a device whose clock is not set\n"
#define CONN_TLS_TIME_HELP_1 \
    "  --tls-time SECONDS     check certificate dates as at this Unix time (UTC) instead of the system clock\n"

/* the connection flags, as rows of a tool's table, in kwatch's order */
#define CONN_OPTS(tls_time_help) \
    { "-s", "--server", OPT_STR, OPT_DESC(server), "  -s, --server URL       the API server, http:// or https://\n" }, \
    { "--token", 0, OPT_STR, OPT_DESC(token), \
      "  --token T | --token-file F\n" \
      "                         bearer token; the file is re-read every 60 s and after a 401\n" }, \
    { "--token-file", 0, OPT_STR, OPT_DESC(token_file), 0 }, \
    { "--kubeconfig", 0, OPT_STR, OPT_VAR(g_kubeconfig), \
      "  --kubeconfig F         read this kubeconfig (default: $KUBECONFIG's first file, else ~/.kube/config)\n" }, \
    { "--context", 0, OPT_STR, OPT_VAR(g_context), "  --context C            use this kubeconfig context (default: current-context)\n" }, \
    { "--certificate-authority", 0, OPT_STR, OPT_DESC(ca_file), \
      "  --certificate-authority F   PEM bundle of CAs that sign the server's certificate\n" }, \
    { "--client-certificate", 0, OPT_STR, OPT_DESC(client_cert_file), \
      "  --client-certificate F, --client-key F   client certificate authentication (PEM; RSA or EC)\n" }, \
    { "--client-key", 0, OPT_STR, OPT_DESC(client_key_file), 0 }, \
    { "--insecure-skip-tls-verify", 0, OPT_SET, OPT_DESC(insecure_skip_tls_verify), \
      "  --insecure-skip-tls-verify  do not verify the server certificate (warned on every connect)\n" }, \
    { "--tls-server-name", 0, OPT_STR, OPT_DESC(tls_server_name), \
      "  --tls-server-name N    the name to check the server certificate against (and send as SNI)\n" }, \
    { "--tls-time", 0, OPT_DOUBLE, OPT_VAR(g_tls_time), tls_time_help }, \
    { "--service-account-dir", 0, OPT_STR, OPT_VAR(g_sa_dir), \
      "  --service-account-dir D  in-cluster: read token, ca.crt and namespace from D\n" \
      "                         (default /var/run/secrets/kubernetes.io/serviceaccount)\n" \
      "                         With no --server, --kubeconfig or --context: the in-cluster service\n" \
      "                         account when KUBERNETES_SERVICE_HOST is set, else the kubeconfig.\n" \
      CONN_PROXY_HELP \
      "                         Explicit flags override the configuration's values.\n" }
#define CONN_IDLE_TIMEOUT_OPT \
    { "--idle-timeout", 0, OPT_MS, OPT_DESC(idle_timeout_ms), \
      "  --idle-timeout SECONDS reconnect when the server sends nothing this long (default 90)\n" }

TOOL_PRIVATE int64_t conn_tls_time(void* user) { (void)user; return (int64_t)g_tls_time; }
/* The trust store sized to the CA bundle d names (a file or the kubeconfig's
   data), as kinf_ca_bundle_size measures it: a bundle of any size, the
   system's included, and one CA in less than the default store; memory
   still fixed at init. Bounds set already are only raised. A bundle that
   cannot be read is left to kinf_init to refuse (TLS_BAD_CA). */
TOOL_PRIVATE void conn_size_trust_store(kinf_desc_t* d) {
#ifdef KINF_TLS_BEARSSL
    int n = 0;
    size_t b = 0;
    if (d->insecure_skip_tls_verify || !((d->ca_file && d->ca_file[0]) || (d->ca_data && d->ca_len))) { return; }
    if (kinf_ca_bundle_size(d->ca_file, d->ca_data, d->ca_len, &n, &b) != KINF_OK) { return; }
    if (n > d->tls_max_cas) { d->tls_max_cas = n; }
    if (b > d->tls_anchor_bytes) { d->tls_anchor_bytes = b; }
#else
    (void)d;
#endif
}
/* The configuration the flags select (a kubeconfig, the service account,
   or as kubectl finds one when there is no --server), applied under the
   flags given. *work: the memory it keeps, to free at exit. TOOL_EXIT_OK,
   or TOOL_EXIT_FAIL with the error said. */
TOOL_PRIVATE int conn_config(kinf_desc_t* d, void** work) {
    static kinf_config_t cfg;
    int r;
    *work = 0;
    if (g_tls_time >= 0) { d->tls_time = conn_tls_time; }
    if (d->server && !g_kubeconfig && !g_context && !g_sa_dir) { conn_size_trust_store(d); return TOOL_EXIT_OK; }
#if !defined(KINF_TLS_BEARSSL) && defined(KINF_NO_KUBECONFIG)
    /* no kubeconfig reader, and no TLS for the service account's https://
       server: nothing but the flags can configure this build */
    (void)cfg; (void)r;
    fprintf(stderr, TOOL_NAME ": error KUBECONFIG_UNAVAILABLE: this build has neither a kubeconfig reader nor TLS "
                    "(the in-cluster server is https): give --server http://HOST:PORT\n");
    return TOOL_EXIT_FAIL;
#else
    *work = malloc(CONN_CONFIG_WORK);
    if (!*work) { return TOOL_EXIT_FAIL; }
    if (g_kubeconfig || g_context) { r = kinf_config_kubeconfig(&cfg, g_kubeconfig, g_context, *work, CONN_CONFIG_WORK); }
    else if (g_sa_dir) { r = kinf_config_in_cluster(&cfg, g_sa_dir, *work, CONN_CONFIG_WORK); }
    else { r = kinf_config_default(&cfg, *work, CONN_CONFIG_WORK); }
    if (r != KINF_OK) {
        fprintf(stderr, TOOL_NAME ": error %s: %s\n", kinf_log_item_name(cfg.error), cfg.error_detail);
        return TOOL_EXIT_FAIL;
    }
    if (g_verbose) { fprintf(stderr, TOOL_NAME ": info: using the %s configuration%s%s\n", cfg.source, cfg.context[0] ? ", context " : "", cfg.context); }
    kinf_config_apply(&cfg, d);
    conn_size_trust_store(d);
    return TOOL_EXIT_OK;
#endif
}
/* The certificate files the connection reads, before the first connect,
   for a tool a user runs: one that cannot be opened is said at once, under
   the item the library would give it, with the option that names it (given:
   the descriptor as the flags left it, before conn_config; a path it lacks
   came from the configuration). A token file is the library's to read: it
   warns TOKEN_FILE_UNREADABLE and keeps trying, as the file may appear.
   TOOL_EXIT_OK or TOOL_EXIT_FAIL. */
TOOL_PRIVATE int conn_check_files(const kinf_desc_t* d, const kinf_desc_t* given) {
#ifdef KINF_TLS_BEARSSL
    const char* const files[3] = { d->ca_file, d->client_cert_file, d->client_key_file };
    const char* const flags[3] = { given->ca_file, given->client_cert_file, given->client_key_file };
    static const char* const items[3] = { "TLS_BAD_CA", "TLS_BAD_CLIENT_CERT", "TLS_BAD_CLIENT_KEY" };
    static const char* const names[3] = { "--certificate-authority", "--client-certificate", "--client-key" };
    static const char* const fields[3] = { "certificate-authority", "client-certificate", "client-key" };
    int k;
    for (k = 0; k < 3; k++) {
        FILE* f;
        if (!files[k] || !files[k][0]) { continue; }
        if ((f = fopen(files[k], "rb")) != 0) { fclose(f); continue; }
        fprintf(stderr, TOOL_NAME ": error %s: %s%s %s: %s\n", items[k], files[k] == flags[k] ? "" : "the configuration's ",
                files[k] == flags[k] ? names[k] : fields[k], files[k], errno == ENOENT ? "the file does not exist" : strerror(errno));
        return TOOL_EXIT_FAIL;
    }
#else
    (void)d; (void)given; /* no TLS: certificate files are refused as TLS_UNAVAILABLE */
#endif
    return TOOL_EXIT_OK;
}
#endif
