/* tool.h - what kubediff and cm2files share with kwatch's flags: the
   connection options (same spelling and meaning as kwatch's), their parsing,
   the configuration (kubeconfig, in-cluster, flags), a logger, signals and a
   clock. Included once, after kinformer.h with its implementation. TOOL_NAME
   is the program's name in messages. */
#ifndef TOOL_COMMON_H
#define TOOL_COMMON_H
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TOOL_EXIT_OK 0
#define TOOL_EXIT_FAIL 1
#define TOOL_EXIT_USAGE 2
#define TOOL_EXIT_CAPACITY 3
#define TOOL_CONFIG_WORK (1u << 20) /* kubeconfig file and its decoded certificates */

enum {
    TOOL_HELP,                     /* print --help and exit */
    TOOL_SET,                      /* no value: the int is set to 1 */
    TOOL_STR,                      /* a string, kept as it is in argv */
    TOOL_LONG, TOOL_DOUBLE, TOOL_INT, TOOL_SIZE /* a non-negative number */
};
typedef struct tool_opt {
    const char* name;              /* "-n", or the long name when there is no short one */
    const char* alias;             /* "--namespace", or 0 */
    int kind;                      /* TOOL_* */
    size_t field;                  /* where the value goes: this offset in the descriptor, */
    void* var;                     /* or this variable of the tool's own when not 0 */
    const char* help;              /* its lines of --help; 0: the option before describes it */
} tool_opt;
#define TOOL_DESC(f) offsetof(kinf_desc_t, f), 0
#define TOOL_VAR(v) 0, (void*)&(v)
#define TOOL_NONE 0, 0

/* the settings of the tool's own that the connection flags set */
static const char* g_kubeconfig;
static const char* g_context;
static const char* g_sa_dir;
static double g_tls_time = -1;   /* --tls-time: a Unix time for certificate dates, -1 none */
static int g_verbose;
static volatile sig_atomic_t g_signal;
static uint32_t g_final;         /* an error retrying cannot fix (kinf_log_item_is_final) */
static int64_t tool_tls_time(void* user) { (void)user; return (int64_t)g_tls_time; }

/* kwatch's connection options, as rows of a tool's table */
#define TOOL_CONNECTION_OPTS \
    { "-n", "--namespace", TOOL_STR, TOOL_DESC(namespace_), "  -n, --namespace NS     one namespace (default: all)\n" }, \
    { "-l", "--selector", TOOL_STR, TOOL_DESC(label_selector), "  -l, --selector SEL     label selector\n" }, \
    { "--field-selector", 0, TOOL_STR, TOOL_DESC(field_selector), "  --field-selector SEL   field selector\n" }, \
    { "-s", "--server", TOOL_STR, TOOL_DESC(server), "  -s, --server URL       the API server, http:// or https://\n" }, \
    { "--token", 0, TOOL_STR, TOOL_DESC(token), \
      "  --token T | --token-file F\n" \
      "                         bearer token; the file is re-read every 60 s and after a 401\n" }, \
    { "--token-file", 0, TOOL_STR, TOOL_DESC(token_file), 0 }, \
    { "--kubeconfig", 0, TOOL_STR, TOOL_VAR(g_kubeconfig), \
      "  --kubeconfig F         read this kubeconfig (default: $KUBECONFIG's first file, else ~/.kube/config)\n" }, \
    { "--context", 0, TOOL_STR, TOOL_VAR(g_context), "  --context C            use this kubeconfig context (default: current-context)\n" }, \
    { "--certificate-authority", 0, TOOL_STR, TOOL_DESC(ca_file), \
      "  --certificate-authority F   PEM bundle of CAs that sign the server's certificate\n" }, \
    { "--client-certificate", 0, TOOL_STR, TOOL_DESC(client_cert_file), \
      "  --client-certificate F, --client-key F   client certificate authentication (PEM; RSA or EC)\n" }, \
    { "--client-key", 0, TOOL_STR, TOOL_DESC(client_key_file), 0 }, \
    { "--insecure-skip-tls-verify", 0, TOOL_SET, TOOL_DESC(insecure_skip_tls_verify), \
      "  --insecure-skip-tls-verify  do not verify the server certificate (warned on every connect)\n" }, \
    { "--tls-server-name", 0, TOOL_STR, TOOL_DESC(tls_server_name), \
      "  --tls-server-name N    the name to check the server certificate against (and send as SNI)\n" }, \
    { "--tls-time", 0, TOOL_DOUBLE, TOOL_VAR(g_tls_time), \
      "  --tls-time SECONDS     check certificate dates as at this Unix time (UTC) instead of the system clock\n" }, \
    { "--service-account-dir", 0, TOOL_STR, TOOL_VAR(g_sa_dir), \
      "  --service-account-dir D  in-cluster: read token, ca.crt and namespace from D\n" \
      "                         (default /var/run/secrets/kubernetes.io/serviceaccount)\n" \
      "                         With no --server, --kubeconfig or --context: the in-cluster service\n" \
      "                         account when KUBERNETES_SERVICE_HOST is set, else the kubeconfig.\n" \
      "                         Explicit flags override the configuration's values.\n" }, \
    { "-v", "--verbose", TOOL_SET, TOOL_VAR(g_verbose), \
      "  -v, --verbose          log informational items to stderr (warnings and errors always)\n" }

static int tool_usage_error(const char* what, const char* arg) {
    fprintf(stderr, "%s: %s%s%s\n", TOOL_NAME, what, arg ? ": " : "", arg ? arg : "");
    fprintf(stderr, "Try '%s --help'.\n", TOOL_NAME);
    return TOOL_EXIT_USAGE;
}
static void tool_print_usage(const char* head, const tool_opt* opts, size_t n, const char* tail) {
    size_t k;
    fputs(head, stdout);
    for (k = 0; k < n; k++) { if (opts[k].help) { fputs(opts[k].help, stdout); } }
    fputs(tail, stdout);
}
/* Reads argv into d and the tools' variables; positional arguments go to
   pos (at most max_pos). Returns -1 to go on, else the exit status (--help
   printed, or a usage error said). */
static int tool_parse(int argc, char** argv, const tool_opt* opts, size_t nopts, kinf_desc_t* d, const char** pos,
                      int max_pos, int* npos, const char* head, const char* tail) {
    int i;
    *npos = 0;
    for (i = 1; i < argc; i++) {
        const char* a = argv[i];
        const char* v = 0;
        const tool_opt* o = 0;
        void* t;
        char* eq = 0;
        char* end;
        double num;
        size_t k;
        static char opt[64];
        if (!strncmp(a, "--", 2) && (eq = strchr(a, '=')) != 0) {
            size_t n = (size_t)(eq - a);
            if (n >= sizeof(opt)) { return tool_usage_error("unknown option", a); }
            memcpy(opt, a, n); opt[n] = 0;
            v = eq + 1; a = opt;
        }
        for (k = 0; k < nopts; k++) {
            if (!strcmp(a, opts[k].name) || (opts[k].alias && !strcmp(a, opts[k].alias))) { o = &opts[k]; break; }
        }
        if (!o) {
            if (a[0] == '-' && a[1]) { return tool_usage_error("unknown option", a); }
            if (*npos >= max_pos) { return tool_usage_error("unexpected argument", a); }
            pos[(*npos)++] = a;
            continue;
        }
        t = o->var ? o->var : (void*)((char*)d + o->field);
        if (o->kind != TOOL_HELP && o->kind != TOOL_SET && !v && i + 1 < argc) { v = argv[++i]; }
        switch (o->kind) {
        case TOOL_HELP: tool_print_usage(head, opts, nopts, tail); return TOOL_EXIT_OK;
        case TOOL_SET: *(int*)t = 1; break;
        case TOOL_STR:
            if (!v) { return tool_usage_error("missing value", a); }
            *(const char**)t = v;
            break;
        default:
            if (!v || !*v || (num = strtod(v, &end), *end) || num < 0) { return tool_usage_error("expected a non-negative number", v ? v : a); }
            if (o->kind == TOOL_LONG) { *(long*)t = (long)num; }
            else if (o->kind == TOOL_DOUBLE) { *(double*)t = num; }
            else if (o->kind == TOOL_INT) { *(int*)t = (int)num; }
            else { *(size_t*)t = (size_t)num; }
            break;
        }
    }
    return -1;
}
/* The configuration as kwatch finds it, applied under the flags given.
   *work: the memory it keeps (free it at exit). 0, or 1 after an error said. */
static int tool_config(kinf_desc_t* d, void** work) {
    static kinf_config_t cfg;
    int r;
    *work = 0;
    if (g_tls_time >= 0) { d->tls_time = tool_tls_time; }
    if (d->server && !g_kubeconfig && !g_context && !g_sa_dir) { return 0; }
    *work = malloc(TOOL_CONFIG_WORK);
    if (!*work) { return 1; }
    if (g_kubeconfig || g_context) { r = kinf_config_kubeconfig(&cfg, g_kubeconfig, g_context, *work, TOOL_CONFIG_WORK); }
    else if (g_sa_dir) { r = kinf_config_in_cluster(&cfg, g_sa_dir, *work, TOOL_CONFIG_WORK); }
    else { r = kinf_config_default(&cfg, *work, TOOL_CONFIG_WORK); }
    if (r != KINF_OK) {
        fprintf(stderr, "%s: error %s: %s\n", TOOL_NAME, kinf_log_item_name(cfg.error), cfg.error_detail);
        return 1;
    }
    if (g_verbose) { fprintf(stderr, "%s: info: using the %s configuration%s%s\n", TOOL_NAME, cfg.source, cfg.context[0] ? ", context " : "", cfg.context); }
    kinf_config_apply(&cfg, d);
    return 0;
}
static void tool_logger(const char* tag, uint32_t level, uint32_t item, const char* msg, uint32_t line, const char* file, void* user) {
    (void)line; (void)file; (void)user;
    if (level <= KINF_LOG_ERROR && kinf_log_item_is_final(item) && !g_final) { g_final = item; }
    if (level > KINF_LOG_WARN && !g_verbose) { return; }
    fprintf(stderr, "%s: %s %s: %s%s%s\n", TOOL_NAME, level <= KINF_LOG_ERROR ? "error" : level == KINF_LOG_WARN ? "warning" : "info",
            kinf_log_item_name(item), tag ? tag : "", tag ? ": " : "", msg ? msg : "");
}
static void tool_install_signals(void (*on_signal)(int)) {
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, 0);
    sigaction(SIGTERM, &sa, 0);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, 0);
}
static double tool_now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
#endif
