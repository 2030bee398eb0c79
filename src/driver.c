#ifndef KINF_ENGINE_ONLY /* to the end of >>driver */
/* >>driver  the built-in transport: a non-blocking socket (and BearSSL for
   https://), the clock and files, driving any connection through the
   public engine calls only. kinf_poll, kinf_discovery_poll and
   kinf_client_poll are this one driver over their owner's connection. */
/* the library's one clock */
KINF_API uint64_t kinf_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}
/* A random seed: the one given, else from the clock and the process id */
static uint32_t kinf__drv_seed(uint32_t seed) { return seed ? seed : (uint32_t)(kinf_now_ms() * 2654435761u) ^ (uint32_t)getpid(); }
KINF_API const char* kinf_system_ca_file(void) {
    static const char* const paths[] = {
        "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/ca-bundle.pem",
        "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem", "/etc/ssl/cert.pem"
    };
    const char* env = getenv("SSL_CERT_FILE");
    size_t i;
    if (env && env[0]) { return access(env, R_OK) == 0 ? env : 0; }
    for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) { if (access(paths[i], R_OK) == 0) { return paths[i]; } }
    return 0;
}
/* Reads a small file whole into buf: its length, -1 if it cannot be read,
   -2 if it holds more than cap bytes. The one file reader of the library
   (the token file, kubeconfig, the service account's namespace). */
static long kinf__drv_read_file(const char* path, void* buf, size_t cap) {
    unsigned char* b = (unsigned char*)buf;
    size_t n = 0;
    int fd = open(path, O_RDONLY);
    if (fd < 0) { return -1; }
    for (;;) {
        ssize_t r = read(fd, b + n, cap - n);
        if (r < 0 && errno == EINTR) { continue; }
        if (r < 0) { close(fd); return -1; }
        if (r == 0) { break; }
        n += (size_t)r;
        if (n == cap) { char ch; r = read(fd, &ch, 1); close(fd); return r > 0 ? -2 : (long)n; }
    }
    close(fd);
    return (long)n;
}
/* Reads the token file into the connection: a failure is a warning (the
   last token is kept), not the sticky error. Every path goes through
   kinf__conn_set_token, which ends the ask (token_due) and restarts the
   60 s clock. KINF_OK, or the item with *rc the result. */
static uint32_t kinf__drv_token_file(kinf_engine_t* c, uint64_t now_ms, int* rc) {
    char buf[KINF_MAX_TOKEN + 4]; /* room for a token of KINF_MAX_TOKEN - 1 bytes and a CRLF */
    long r;
    size_t n;
    uint32_t item;
    *rc = KINF_OK;
    r = kinf__drv_read_file(c->token_file, buf, sizeof(buf));
    if (r == -2) { r = (long)sizeof(buf); } /* too long: refused below */
    if (r < 0) { KINF__CWARN(c, TOKEN_FILE_UNREADABLE, c->token_file, 0); kinf__conn_set_token(c, 0, now_ms); *rc = KINF_ERR_IO; return KINF_LOGITEM_TOKEN_FILE_UNREADABLE; }
    n = (size_t)r;
    while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' ' || buf[n - 1] == '\t')) { n--; }
    if (n >= KINF_MAX_TOKEN) { KINF__CWARN(c, TOKEN_TOO_LONG, c->token_file, 0); kinf__conn_set_token(c, 0, now_ms); *rc = KINF_ERR_INVAL; return KINF_LOGITEM_TOKEN_TOO_LONG; }
    if (n == 0) { KINF__CWARN(c, TOKEN_FILE_UNREADABLE, c->token_file, " (empty)"); kinf__conn_set_token(c, 0, now_ms); *rc = KINF_ERR_IO; return KINF_LOGITEM_TOKEN_FILE_UNREADABLE; }
    buf[n] = 0;
    item = kinf__conn_set_token(c, buf, now_ms);
    memset(buf, 0, sizeof(buf));
    if (item != KINF_LOGITEM_OK) { *rc = KINF_ERR_INVAL; }
    return item;
}
#ifndef KINF_NO_EXEC
/* >>driver exec  an exec credential plugin (kubeconfig users[].user.exec), as
   client-go runs one: the command with its args, the environment with the
   plugin's env and KUBERNETES_EXEC_INFO, stdin /dev/null (never
   interactive), stdout read whole (at most KINF_EXEC_OUTPUT_BYTES) and the
   first line of stderr kept, within timeout_ms (then killed). Its
   ExecCredential's status.token becomes the connection's token and
   status.expirationTimestamp when it is due again. Blocking: the loop waits
   for the plugin. A failure is logged (EXEC_*), the last token is kept, and
   the owner's 401 and backoff bring the next run. */
extern char** environ;
#define KINF__EXEC_ENVP 512
/* days since 1970-01-01 of a proleptic Gregorian date */
static int64_t kinf__drv_days(int64_t y, int64_t m, int64_t d) {
    int64_t era, yoe, doy, doe;
    y -= m <= 2;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = y - era * 400;
    doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}
/* RFC 3339 ("2026-01-02T03:04:05Z", fractions, a +hh:mm offset) into Unix
   seconds; 0 when it is not one */
static int kinf__drv_rfc3339(const char* s, size_t n, int64_t* out) {
    int64_t v[6];
    static const uint8_t at[6] = { 0, 5, 8, 11, 14, 17 }, len[6] = { 4, 2, 2, 2, 2, 2 };
    size_t i, p;
    if (n < 20 || s[4] != '-' || s[7] != '-' || (s[10] != 'T' && s[10] != 't' && s[10] != ' ') || s[13] != ':' || s[16] != ':') { return 0; }
    for (i = 0; i < 6; i++) { v[i] = kinf__parse_dec(s + at[i], len[i]); if (v[i] < 0) { return 0; } }
    if (v[1] < 1 || v[1] > 12 || v[2] < 1 || v[2] > 31 || v[3] > 23 || v[4] > 59 || v[5] > 60) { return 0; }
    *out = kinf__drv_days(v[0], v[1], v[2]) * 86400 + v[3] * 3600 + v[4] * 60 + v[5];
    p = 19;
    if (s[p] == '.') { p++; while (p < n && s[p] >= '0' && s[p] <= '9') { p++; } }
    if (p + 1 == n && (s[p] == 'Z' || s[p] == 'z')) { return 1; }
    if (p + 6 == n && (s[p] == '+' || s[p] == '-') && s[p + 3] == ':') {
        int64_t hh = kinf__parse_dec(s + p + 1, 2), mm = kinf__parse_dec(s + p + 4, 2);
        if (hh < 0 || mm < 0 || hh > 23 || mm > 59) { return 0; }
        *out -= (s[p] == '+' ? 1 : -1) * (hh * 3600 + mm * 60);
        return 1;
    }
    return 0;
}
/* KUBERNETES_EXEC_INFO: the ExecCredential the plugin is given */
static int kinf__drv_exec_info(const kinf_engine_t* c, char* out, size_t cap) {
    size_t o = 0;
    int ok = kinf__put(out, cap, &o, "KUBERNETES_EXEC_INFO={\"apiVersion\":\"") && kinf__put(out, cap, &o, c->exec->api_version) &&
             kinf__put(out, cap, &o, "\",\"kind\":\"ExecCredential\",\"spec\":{");
    if (c->exec->provide_cluster_info && !strchr(c->host, '"') && !strchr(c->host, '\\')) {
        char num[21];
        int v6 = strchr(c->host, ':') != 0;
        ok &= kinf__put(out, cap, &o, "\"cluster\":{\"server\":\"") && kinf__put(out, cap, &o, c->https ? "https://" : "http://") &&
              kinf__put(out, cap, &o, v6 ? "[" : "") && kinf__put(out, cap, &o, c->host) && kinf__put(out, cap, &o, v6 ? "]:" : ":") &&
              kinf__put(out, cap, &o, kinf__utoa(num, c->port)) && kinf__put(out, cap, &o, "\"},");
    }
    return ok && kinf__put(out, cap, &o, "\"interactive\":false}}");
}
/* what the child does: stdin /dev/null, stdout and stderr the pipes, no fd
   of ours, the environment given; only async-signal-safe calls, then exec */
static void kinf__drv_exec_child(const char* cmd, char** argv, char** envp, int out, int err) {
    static const char msg[] = "exec failed: the command cannot be run\n";
    int fd = open("/dev/null", O_RDONLY), k;
    long maxfd = sysconf(_SC_OPEN_MAX);
    if (fd < 0 || dup2(fd, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) { _exit(126); }
    if (maxfd < 0 || maxfd > 65536) { maxfd = 65536; }
    for (k = 3; k < maxfd; k++) { close(k); }
    environ = envp;
    if (strchr(cmd, '/')) { execv(cmd, argv); } else { execvp(cmd, argv); }
    if (write(2, msg, sizeof(msg) - 1) < 0) { _exit(127); }
    _exit(127);
}
/* What an ExecCredential gives: pointers into the plugin's output. */
typedef struct kinf__drv_cred {
    const char* token;            /* NUL-terminated, or NULL */
    const char* cert;             /* PEM, unescaped in place, or NULL */
    const char* key;
    size_t cert_len, key_len;
    int has_exp;
    int64_t exp_wall;             /* status.expirationTimestamp, Unix seconds */
} kinf__drv_cred;
/* A JSON string's text unescaped in place: the escapes PEM text can hold
   (\n \r \t \/ \\ \" and \u00XX of ASCII). Its new length, or 0 for
   another escape. */
static size_t kinf__drv_unescape(char* s, size_t n) {
    size_t i = 0, o = 0;
    while (i < n) {
        char ch = s[i++];
        if (ch == '\\') {
            char e = i < n ? s[i++] : 0;
            if (e == 'n') { ch = '\n'; }
            else if (e == 'r') { ch = '\r'; }
            else if (e == 't') { ch = '\t'; }
            else if (e == '/' || e == '\\' || e == '"') { ch = e; }
            else if (e == 'u' && n - i >= 4 && s[i] == '0' && s[i + 1] == '0' && kinf__hexval((unsigned char)s[i + 2]) >= 0 &&
                     kinf__hexval((unsigned char)s[i + 2]) < 8 && kinf__hexval((unsigned char)s[i + 3]) >= 0) {
                ch = (char)(kinf__hexval((unsigned char)s[i + 2]) * 16 + kinf__hexval((unsigned char)s[i + 3]));
                i += 4;
            } else { return 0; }
        }
        s[o++] = ch;
    }
    return o;
}
/* Reads the plugin's stdout (ol bytes in out, out[ol] writable): an
   ExecCredential of api_version with a status.token, a client certificate
   and key (clientCertificateData, clientKeyData), or both. Strings are
   terminated and unescaped in out. KINF_OK, or EXEC_BAD_OUTPUT with det
   saying why. */
static uint32_t kinf__drv_exec_parse(const char* api_version, char* out, size_t ol, kinf__drv_cred* cr, char* det, size_t dcap) {
    jsmntok_t t[64];
    jsmn_parser jp;
    int nt, st, tok, exp, crt, key;
    memset(cr, 0, sizeof(*cr));
    out[ol] = 0;
    jsmn_init(&jp);
    nt = jsmn_parse(&jp, out, ol, t, sizeof(t) / sizeof(t[0]));
    st = nt > 0 ? kinf__tok_member(out, t, nt, 0, "status") : -1;
    tok = kinf__tok_member(out, t, nt, st, "token");
    exp = kinf__tok_member(out, t, nt, st, "expirationTimestamp");
    crt = kinf__tok_member(out, t, nt, st, "clientCertificateData");
    key = kinf__tok_member(out, t, nt, st, "clientKeyData");
    if (tok >= 0 && (t[tok].type != JSMN_STRING || t[tok].end == t[tok].start)) { tok = -1; } /* "" is none, as client-go reads it */
    if (crt >= 0 && (t[crt].type != JSMN_STRING || t[crt].end == t[crt].start)) { crt = -1; }
    if (key >= 0 && (t[key].type != JSMN_STRING || t[key].end == t[key].start)) { key = -1; }
    if (nt <= 0 || t[0].type != JSMN_OBJECT) { kinf__cat(det, dcap, "not a JSON object"); }
    else if (!kinf__tok_is(out, t, kinf__tok_member(out, t, nt, 0, "kind"), "ExecCredential")) { kinf__cat(det, dcap, "kind is not ExecCredential"); }
    else if (!kinf__tok_is(out, t, kinf__tok_member(out, t, nt, 0, "apiVersion"), api_version)) { kinf__cat(det, dcap, "apiVersion is not the one asked"); }
    else if ((crt >= 0) != (key >= 0)) { kinf__cat(det, dcap, "clientCertificateData and clientKeyData come together, not one alone"); }
    else if (tok < 0 && crt < 0) { kinf__cat(det, dcap, "no status.token and no client certificate"); }
    else if (tok >= 0 && memchr(out + t[tok].start, '\\', (size_t)(t[tok].end - t[tok].start))) { kinf__cat(det, dcap, "status.token has an escape"); }
    else if (exp >= 0 && t[exp].type != JSMN_PRIMITIVE && (t[exp].type != JSMN_STRING ||
             !kinf__drv_rfc3339(out + t[exp].start, (size_t)(t[exp].end - t[exp].start), &cr->exp_wall))) { kinf__cat(det, dcap, "status.expirationTimestamp is not RFC 3339"); }
    else if (crt >= 0 && (!(cr->cert_len = kinf__drv_unescape(out + t[crt].start, (size_t)(t[crt].end - t[crt].start))) ||
             !(cr->key_len = kinf__drv_unescape(out + t[key].start, (size_t)(t[key].end - t[key].start))))) {
        kinf__cat(det, dcap, "clientCertificateData or clientKeyData has an escape PEM does not hold");
    } else {
        cr->has_exp = exp >= 0 && t[exp].type == JSMN_STRING;
        if (crt >= 0) { cr->cert = out + t[crt].start; cr->key = out + t[key].start; }
        if (tok >= 0) { out[t[tok].end] = 0; cr->token = out + t[tok].start; }
        return KINF_LOGITEM_OK;
    }
    return KINF_LOGITEM_EXEC_BAD_OUTPUT;
}
static void kinf__sock_close(kinf_engine_t* c);
/* Takes what the plugin gave: its client certificate and key for the
   handshakes to come (a new pair closes the connection, as client-go
   closes its connections when the certificate rotates), its token (none
   when it gave a certificate only), and when it is due again. KINF_OK, or
   the item with det set (EXEC_BAD_CERT, EXEC_BAD_OUTPUT), nothing taken. */
static uint32_t kinf__drv_exec_take(kinf_engine_t* c, const kinf__drv_cred* cr, uint64_t now_ms, char* det, size_t dcap) {
    struct timespec ts;
    uint32_t item;
    if (cr->cert) {
#ifdef KINF_TLS_BEARSSL
        const char* why = 0;
        if (c->tls && !kinf__tls_client_check(cr->cert, cr->cert_len, cr->key, cr->key_len, &why)) {
            kinf__cat(det, dcap, why);
            return KINF_LOGITEM_EXEC_BAD_CERT;
        }
        if (c->tls && ((kinf__tls*)c->tls)->client_sum != kinf__tls_client_sum(cr->cert, cr->cert_len, cr->key, cr->key_len)) {
            if (c->sock.fd >= 0) { kinf__sock_close(c); kinf_engine_closed(c, now_ms); }
            kinf__tls_client_take(c, cr->cert, cr->cert_len, cr->key, cr->key_len);
        }
        if (!c->tls && !cr->token)
#else
        if (!cr->token)
#endif
        {
            kinf__cat(det, dcap, "a client certificate alone, for a server that is not https:// (or a build without TLS)");
            return KINF_LOGITEM_EXEC_BAD_OUTPUT;
        }
    }
    if (!cr->token && c->token[0]) { c->token[0] = 0; c->token_gen++; } /* a certificate alone: no token sent */
    item = kinf__conn_set_token(c, cr->token, now_ms); /* logs a token it refuses */
    c->token_exp = 0;
    if (cr->has_exp && clock_gettime(CLOCK_REALTIME, &ts) == 0) {
        int64_t left = cr->exp_wall - (int64_t)ts.tv_sec;
        c->token_exp = left <= 0 ? now_ms : now_ms + (uint64_t)left * 1000u;
    }
    det[0] = 0;
    return item;
}
/* Runs the plugin and takes its credentials. KINF_OK, or the item (logged). */
static uint32_t kinf__drv_exec(kinf_engine_t* c, uint64_t now_ms) {
    const kinf_exec_t* x = c->exec;
    char* envp[KINF__EXEC_ENVP];
    char* argv[KINF_EXEC_MAX_ARGS + 2];
    char envbuf[4096], out[KINF_EXEC_OUTPUT_BYTES + 1], errl[200], det[300], num[21];
    size_t eb = 0, ol = 0, el = 0;
    int po[2], pe[2], k, nenv = 0, status = 0, reaped = 0, over = 0, open_fds = 2;
    uint64_t deadline = kinf_now_ms() + (uint64_t)(x->timeout_ms > 0 ? x->timeout_ms : 30000); /* the clock's, not the engine's */
    uint32_t item = KINF_LOGITEM_OK;
    pid_t pid;
    char** e;
    /* the environment: ours less the names the plugin's env sets, then those, then the info */
    for (e = environ; e && *e && nenv < KINF__EXEC_ENVP - KINF_EXEC_MAX_ENV - 2; e++) {
        int skip = !strncmp(*e, "KUBERNETES_EXEC_INFO=", 21);
        for (k = 0; k < x->nenv && !skip; k++) { size_t nl = strlen(x->env[k][0]); skip = !strncmp(*e, x->env[k][0], nl) && (*e)[nl] == '='; }
        if (!skip) { envp[nenv++] = *e; }
    }
    for (k = 0; k < x->nenv; k++) {
        size_t at = eb;
        if (!kinf__put(envbuf, sizeof(envbuf), &eb, x->env[k][0]) || !kinf__put(envbuf, sizeof(envbuf), &eb, "=") ||
            !kinf__put(envbuf, sizeof(envbuf), &eb, x->env[k][1]) || eb + 1 >= sizeof(envbuf)) {
            KINF__CERR(c, EXEC_FAILED, x->command, ": its env is larger than 4 KiB"); kinf__conn_set_token(c, 0, now_ms); return KINF_LOGITEM_EXEC_FAILED;
        }
        envbuf[eb++] = 0;
        envp[nenv++] = envbuf + at;
    }
    if (!kinf__drv_exec_info(c, envbuf + eb, sizeof(envbuf) - eb)) {
        KINF__CERR(c, EXEC_FAILED, x->command, ": its env is larger than 4 KiB"); kinf__conn_set_token(c, 0, now_ms); return KINF_LOGITEM_EXEC_FAILED;
    }
    envp[nenv++] = envbuf + eb;
    envp[nenv] = 0;
    argv[0] = (char*)(uintptr_t)x->command;
    for (k = 0; k < x->nargs && k < KINF_EXEC_MAX_ARGS; k++) { argv[k + 1] = (char*)(uintptr_t)x->args[k]; }
    argv[k + 1] = 0;
    if (pipe(po) != 0) { KINF__CERR(c, EXEC_FAILED, x->command, ": no pipe"); kinf__conn_set_token(c, 0, now_ms); return KINF_LOGITEM_EXEC_FAILED; }
    if (pipe(pe) != 0) { close(po[0]); close(po[1]); KINF__CERR(c, EXEC_FAILED, x->command, ": no pipe"); kinf__conn_set_token(c, 0, now_ms); return KINF_LOGITEM_EXEC_FAILED; }
    pid = fork();
    if (pid == 0) { kinf__drv_exec_child(x->command, argv, envp, po[1], pe[1]); }
    close(po[1]); close(pe[1]);
    if (pid < 0) { close(po[0]); close(pe[0]); KINF__CERR(c, EXEC_FAILED, x->command, ": fork failed"); kinf__conn_set_token(c, 0, now_ms); return KINF_LOGITEM_EXEC_FAILED; }
    /* stdout whole, stderr's first line, until both close and the plugin exits, or the deadline */
    for (;;) {
        struct pollfd pf[2];
        int np = 0, w;
        uint64_t now = kinf_now_ms();
        if (!reaped && waitpid(pid, &status, WNOHANG) == pid) { reaped = 1; }
        if (reaped && !open_fds) { break; }
        if (now >= deadline || over) { break; }
        w = (int)(deadline - now);
        if (po[0] >= 0) { pf[np].fd = po[0]; pf[np].events = POLLIN; pf[np].revents = 0; np++; }
        if (pe[0] >= 0) { pf[np].fd = pe[0]; pf[np].events = POLLIN; pf[np].revents = 0; np++; }
        if (!np) { poll(0, 0, w < 10 ? w : 10); continue; } /* the pipes closed: wait for the exit */
        if (poll(pf, (nfds_t)np, w < 100 ? w : 100) < 0 && errno != EINTR) { break; }
        for (k = 0; k < np; k++) {
            char tmp[1024];
            ssize_t r;
            if (!(pf[k].revents & (POLLIN | POLLHUP | POLLERR))) { continue; }
            r = read(pf[k].fd, tmp, sizeof(tmp));
            if (r < 0 && (errno == EINTR || errno == EAGAIN)) { continue; }
            if (r <= 0) {
                close(pf[k].fd);
                if (pf[k].fd == po[0]) { po[0] = -1; } else { pe[0] = -1; }
                open_fds--;
                continue;
            }
            if (pf[k].fd == po[0]) {
                if ((size_t)r > sizeof(out) - 1 - ol) { over = 1; continue; }
                memcpy(out + ol, tmp, (size_t)r); ol += (size_t)r;
            } else {
                size_t take = (size_t)r < sizeof(errl) - 1 - el ? (size_t)r : sizeof(errl) - 1 - el;
                memcpy(errl + el, tmp, take); el += take;
            }
        }
    }
    if (po[0] >= 0) { close(po[0]); }
    if (pe[0] >= 0) { close(pe[0]); }
    if (!reaped) { kill(pid, SIGKILL); while (waitpid(pid, &status, 0) < 0 && errno == EINTR) { } }
    errl[el] = 0;
    for (k = 0; errl[k]; k++) { if (errl[k] == '\n' || errl[k] == '\r') { errl[k] = 0; break; } if ((unsigned char)errl[k] < 0x20u || errl[k] == 0x7f) { errl[k] = '?'; } }
    det[0] = 0;
    kinf__cat(det, sizeof(det), ": ");
    if (!reaped && !over) { item = KINF_LOGITEM_EXEC_TIMEOUT; kinf__cat(det, sizeof(det), "no exit within the timeout (killed)"); }
    else if (over) { item = KINF_LOGITEM_EXEC_BAD_OUTPUT; kinf__cat(det, sizeof(det), "more output than KINF_EXEC_OUTPUT_BYTES"); }
    else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        item = KINF_LOGITEM_EXEC_FAILED;
        kinf__cat(det, sizeof(det), WIFEXITED(status) ? "exit status " : "killed by signal ");
        kinf__cat(det, sizeof(det), kinf__utoa(num, (uint64_t)(WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? WTERMSIG(status) : 0)));
        if (errl[0]) { kinf__cat(det, sizeof(det), ": "); kinf__cat(det, sizeof(det), errl); }
    }
    if (item == KINF_LOGITEM_OK) {   /* the ExecCredential */
        kinf__drv_cred cr;
        item = kinf__drv_exec_parse(x->api_version, out, ol, &cr, det, sizeof(det));
        if (item == KINF_LOGITEM_OK) { item = kinf__drv_exec_take(c, &cr, now_ms, det, sizeof(det)); }
    }
    memset(out, 0, sizeof(out));
    if (det[0]) {
        kinf__conn_log(c, KINF_LOG_ERROR, item, x->command, det, __LINE__);
        kinf__conn_set_token(c, 0, now_ms); /* the last token kept; due again after a 401 */
    }
    return item;
}
#endif /* KINF_NO_EXEC */
KINF_API int kinf_engine_refresh_token_file(kinf_engine_t* e, uint64_t now_ms) {
    int rc;
    uint32_t item;
    if (!kinf__conn_ok(e)) { return KINF_ERR_INVAL; }
    if (!e->token_file[0]) { KINF__CERR(e, NO_TOKEN_FILE, 0, 0); return KINF_ERR_INVAL; }
    item = kinf__drv_token_file(e, now_ms, &rc);
    if (item == KINF_LOGITEM_OK) { return KINF_OK; }
    if (e->last_error) { *e->last_error = item; } /* the refusal is the owner's sticky error */
    return rc;
}

/* >>driver io  plain socket or TLS, non-blocking.
   send: >0 bytes taken, 0 would block, -2 error.
   recv: >0 bytes, 0 would block, -1 end of stream, -2 error. */
static long kinf__io_send(kinf_engine_t* c, const void* buf, size_t len) {
#ifdef KINF_TLS_BEARSSL
    if (c->tls) {
        kinf__tls* t = (kinf__tls*)c->tls;
        br_ssl_engine_context* e = &t->cc.eng;
        size_t alen;
        unsigned char* a;
        if (kinf__tls_pump(c, 0) < 0) { return -2; }
        if (!(br_ssl_engine_current_state(e) & BR_SSL_SENDAPP)) { return 0; }
        a = br_ssl_engine_sendapp_buf(e, &alen);
        if (alen > len) { alen = len; }
        memcpy(a, buf, alen);
        br_ssl_engine_sendapp_ack(e, alen);
        br_ssl_engine_flush(e, 0);
        if (kinf__tls_pump(c, 0) == -2) { return -2; }
        return (long)alen;
    }
#endif
    {
        ssize_t w = send(c->sock.fd, buf, len, KINF__SEND_FLAGS);
        if (w >= 0) { c->bytes_written += (uint64_t)w; return (long)w; }
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return 0; }
        KINF__CERR(c, IO_ERROR, "send", 0);
        return -2;
    }
}
static long kinf__io_recv(kinf_engine_t* c, void* buf, size_t cap) {
#ifdef KINF_TLS_BEARSSL
    if (c->tls) {
        kinf__tls* t = (kinf__tls*)c->tls;
        br_ssl_engine_context* e = &t->cc.eng;
        size_t alen;
        unsigned char* a;
        if (!(br_ssl_engine_current_state(e) & BR_SSL_RECVAPP)) {
            int r = kinf__tls_pump(c, 1);
            if (r < 0) { return r; }
            if (!(br_ssl_engine_current_state(e) & BR_SSL_RECVAPP)) { return 0; }
        }
        a = br_ssl_engine_recvapp_buf(e, &alen);
        if (alen > cap) { alen = cap; }
        memcpy(buf, a, alen);
        br_ssl_engine_recvapp_ack(e, alen);
        return (long)alen;
    }
#endif
    {
        ssize_t r = recv(c->sock.fd, buf, cap, 0);
        if (r > 0) { c->bytes_read += (uint64_t)r; return (long)r; }
        if (r == 0) { return -1; }
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return 0; }
        KINF__CERR(c, IO_ERROR, "recv", 0);
        return -2;
    }
}

/* >>driver socket */
/* Tells desc.on_socket of the socket (an event loop's registration). It
   runs as a callback: the driver and engine calls do nothing inside it. */
static void kinf__sock_tell(kinf_engine_t* c, int event, unsigned wants) {
    uint8_t was = c->in_callback;
    c->sock_told = wants;
    if (!c->on_socket.func) { return; }
    c->in_callback = 1;
    c->on_socket.func(c, c->sock.fd, event, wants, c->on_socket.user);
    c->in_callback = was;
}
/* Each close and each open is a new generation: the next socket may get
   the same number, and a loop that keys its registration on the number
   alone would keep waiting on the closed one. */
static void kinf__sock_close(kinf_engine_t* c) {
    if (c->sock.fd >= 0) {
        kinf__sock_tell(c, KINF_SOCKET_REMOVED, 0); /* before the close: the loop stops waiting on it first */
        close(c->sock.fd);
        c->sock_gen++;
    }
    c->sock.fd = -1;
    c->sock.connecting = 0;
}
/* what the socket connects to: the server, or the proxy it goes through */
static const char* kinf__sock_peer(const kinf_engine_t* c, uint16_t* port) {
#ifdef KINF__PROXY
    if (c->proxy_host[0]) { *port = c->proxy_port; return c->proxy_host; }
#endif
    *port = c->port;
    return c->host;
}
static int kinf__sock_resolve(kinf_engine_t* c) {
    kinf__sock* k = &c->sock;
    struct addrinfo hints, *res = 0, *ai;
    char port[21];
    uint16_t pn;
    const char* host = kinf__sock_peer(c, &pn);
    k->naddr = 0; k->ai = 0;
    memset(&k->addrs[0], 0, sizeof(k->addrs[0]));
    /* numeric addresses need no resolver (and no allocation in libc) */
    if (inet_pton(AF_INET, host, &k->addrs[0].in4.sin_addr) == 1) {
        k->addrs[0].in4.sin_family = AF_INET; k->addrs[0].in4.sin_port = htons(pn);
        k->alens[0] = sizeof(k->addrs[0].in4); k->naddr = 1; return 1;
    }
    if (inet_pton(AF_INET6, host, &k->addrs[0].in6.sin6_addr) == 1) {
        k->addrs[0].in6.sin6_family = AF_INET6; k->addrs[0].in6.sin6_port = htons(pn);
        k->alens[0] = sizeof(k->addrs[0].in6); k->naddr = 1; return 1;
    }
    memset(&hints, 0, sizeof(hints));
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo(host, kinf__utoa(port, pn), &hints, &res) != 0 || !res) { return 0; }
    for (ai = res; ai && k->naddr < 4; ai = ai->ai_next) {
        if (ai->ai_addrlen > sizeof(k->addrs[0])) { continue; } /* IPv4 and IPv6 only */
        memcpy(&k->addrs[k->naddr], ai->ai_addr, ai->ai_addrlen);
        k->alens[k->naddr++] = (socklen_t)ai->ai_addrlen;
    }
    freeaddrinfo(res);
    return k->naddr > 0;
}
/* starts a non-blocking connect to the next address; 1 started, 0 none left */
static int kinf__sock_connect_next(kinf_engine_t* c, uint64_t now) {
    kinf__sock* k = &c->sock;
    kinf__sock_close(c);
    while (k->ai < k->naddr) {
        int fd = socket(k->addrs[k->ai].sa.sa_family, SOCK_STREAM, 0), one = 1, r;
        k->ai++;
        if (fd < 0) { continue; }
        fcntl(fd, F_SETFD, FD_CLOEXEC);
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
#if !defined(MSG_NOSIGNAL) && defined(SO_NOSIGPIPE)
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof(one));
#endif
        r = connect(fd, &k->addrs[k->ai - 1].sa, k->alens[k->ai - 1]);
        if (r == 0 || errno == EINPROGRESS) {
            k->fd = fd;
            k->connecting = 1;
            k->t_connect = now;
            c->sock_gen++;
            kinf__sock_tell(c, KINF_SOCKET_ADDED, KINF_WANT_WRITE);
            return 1;
        }
        close(fd);
    }
    return 0;
}
/* "host:port", "[v6]:port" into out (KINF__HOST_BYTES + 24); out */
static char* kinf__host_port(char* out, const char* host, uint16_t port) {
    char num[21];
    const char* ps = kinf__utoa(num, port);
    size_t n = strlen(host), o = 0, v6 = memchr(host, ':', n) != 0;
    if (v6) { out[o++] = '['; }
    memcpy(out + o, host, n); o += n;
    if (v6) { out[o++] = ']'; }
    out[o++] = ':';
    memcpy(out + o, ps, strlen(ps) + 1);
    return out;
}
/* kinf__host_port of what the socket connects to, for the connection's log
   lines, with " (proxy)" after a proxy's; out has 272 bytes */
static const char* kinf__sock_where(const kinf_engine_t* c, char* out) {
    uint16_t pn;
    const char* host = kinf__sock_peer(c, &pn);
    kinf__host_port(out, host, pn);
#ifdef KINF__PROXY
    if (host != c->host) { memcpy(out + strlen(out), " (proxy)", 9); }
#endif
    return out;
}
/* up: TLS's handshake begun (https://), the engine told */
static int kinf__sock_up(kinf_engine_t* c, uint64_t now) {
    c->sock.connecting = 0;
#ifdef KINF_TLS_BEARSSL
    if (c->tls && !kinf__tls_connect(c)) { kinf__sock_close(c); kinf_engine_failed(c, 0, 0, now); return 1; }
#endif
    kinf_engine_connected(c, now);
    return 1;
}
#ifdef KINF__PROXY
/* the tunnel failed: logged (item, d1 the proxy, d2), the socket closed */
static int kinf__sock_tunnel_fail(kinf_engine_t* c, uint32_t item, const char* d2, uint64_t now) {
    char where[272];
    kinf__conn_log(c, KINF_LOG_ERROR, item, kinf__sock_where(c, where), d2, __LINE__);
    kinf__sock_close(c);
    kinf_engine_failed(c, 0, 0, now);
    return 1;
}
/* The CONNECT request for the server, into the engine's head buffer (no
   response is under way while a connection is made) */
static void kinf__sock_tunnel_begin(kinf_engine_t* c, uint64_t now) {
    kinf__sock* k = &c->sock;
    char hp[KINF__HOST_BYTES + 24];
    size_t o = 0;
    kinf__host_port(hp, c->host, c->port);
    kinf__put(c->head, sizeof(c->head), &o, "CONNECT ");
    kinf__put(c->head, sizeof(c->head), &o, hp);
    kinf__put(c->head, sizeof(c->head), &o, " HTTP/1.1\r\nHost: ");
    kinf__put(c->head, sizeof(c->head), &o, hp);
    kinf__put(c->head, sizeof(c->head), &o, "\r\n");
    if (c->proxy_auth[0]) {
        kinf__put(c->head, sizeof(c->head), &o, "Proxy-Authorization: Basic ");
        kinf__put(c->head, sizeof(c->head), &o, c->proxy_auth);
        kinf__put(c->head, sizeof(c->head), &o, "\r\n");
    }
    kinf__put(c->head, sizeof(c->head), &o, "\r\n"); /* at most about 900 bytes: it fits */
    k->tlen = (uint32_t)o; k->tpos = 0; k->tend = 0;
    k->connecting = 2;
    k->t_connect = now; /* the tunnel has a connect timeout of its own */
}
/* The tunnel's request sent, its answer's head read: 1 when the engine was
   told (up or failed), 0 to wait for the socket. */
static int kinf__sock_tunnel(kinf_engine_t* c, uint64_t now) {
    kinf__sock* k = &c->sock;
    int rounds;
    if (now - k->t_connect >= (uint64_t)c->connect_ms) { return kinf__sock_tunnel_fail(c, KINF_LOGITEM_CONNECT_TIMEOUT, " (no answer to CONNECT)", now); }
    for (rounds = 0; rounds < KINF_MAX_HEAD_BYTES + 64; rounds++) { /* the head's bytes and the request's sends */
        if (k->connecting == 2) {
            ssize_t w = send(k->fd, c->head + k->tpos, k->tlen - k->tpos, KINF__SEND_FLAGS);
            if (w < 0) {
                if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return 0; }
                return kinf__sock_tunnel_fail(c, KINF_LOGITEM_IO_ERROR, " (sending CONNECT)", now);
            }
            c->bytes_written += (uint64_t)w;
            k->tpos += (uint32_t)w;
            if (k->tpos == k->tlen) { k->connecting = 3; k->tpos = 0; }
            continue;
        } else {
            /* a byte at a time: the server's first bytes (there should be
               none before the client speaks) stay in the socket */
            uint8_t b;
            ssize_t r = recv(k->fd, &b, 1, 0);
            if (r < 0) {
                if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return 0; }
                return kinf__sock_tunnel_fail(c, KINF_LOGITEM_IO_ERROR, " (reading CONNECT's answer)", now);
            }
            if (r == 0) { return kinf__sock_tunnel_fail(c, KINF_LOGITEM_PROXY_FAILED, " (closed before its answer to CONNECT ended)", now); }
            c->bytes_read++;
            if (k->tpos < sizeof(c->head)) { c->head[k->tpos] = (char)b; }
            k->tpos++;
            k->tend = k->tend << 8 | b;
            if (k->tpos > KINF_MAX_HEAD_BYTES) { return kinf__sock_tunnel_fail(c, KINF_LOGITEM_PROXY_FAILED, " (its answer's head is too long)", now); }
            if (k->tend == 0x0d0a0d0au || (k->tend & 0xffffu) == 0x0a0au) { /* the head's end: read as any response head */
                kinf__resp ans;
                uint32_t item = 0;
                if (kinf__http_parse_head(c->head, k->tpos, &ans, &item) != KINF_OK) {
                    return kinf__sock_tunnel_fail(c, KINF_LOGITEM_PROXY_FAILED, " (not an HTTP answer to CONNECT)", now);
                }
                if (ans.status / 100 != 2) { /* its status line, visible ASCII, for the log */
                    char d[124];
                    size_t i, o = 0;
                    d[o++] = ':'; d[o++] = ' ';
                    for (i = 0; i < k->tpos && c->head[i] != '\r' && c->head[i] != '\n' && o < sizeof(d) - 2; i++) {
                        uint8_t ch = (uint8_t)c->head[i];
                        d[o++] = ch < 0x20 || ch > 0x7e ? '?' : (char)ch;
                    }
                    d[o] = 0;
                    return kinf__sock_tunnel_fail(c, KINF_LOGITEM_PROXY_REFUSED, d, now);
                }
                c->head[0] = 0;
                return kinf__sock_up(c, now);
            }
        }
    }
    return 0;
}
#endif
/* The engine wants a connection: starts one, or sees whether the one under
   way is up, and tells the engine. 1 when it was told, 0 to wait. */
static int kinf__sock_connect(kinf_engine_t* c, uint64_t now) {
    kinf__sock* k = &c->sock;
    struct pollfd pf;
    char where[272];
    int err = 0;
    socklen_t el = sizeof(err);
#ifdef KINF__PROXY
    if (k->connecting >= 2) { return kinf__sock_tunnel(c, now); }
#endif
    if (!k->connecting) {
        kinf__sock_close(c);
        c->err_item = 0;
        if (!kinf__sock_resolve(c)) { kinf_engine_failed(c, KINF_LOGITEM_RESOLVE_FAILED, c->host, now); return 1; }
        if (!kinf__sock_connect_next(c, now)) { kinf_engine_failed(c, KINF_LOGITEM_CONNECT_FAILED, kinf__sock_where(c, where), now); return 1; }
    }
    pf.fd = k->fd; pf.events = POLLOUT; pf.revents = 0;
    if (poll(&pf, 1, 0) <= 0) {
        if (now - k->t_connect < (uint64_t)c->connect_ms) { return 0; }
        if (kinf__sock_connect_next(c, now)) { return 1; }
        kinf_engine_failed(c, KINF_LOGITEM_CONNECT_TIMEOUT, kinf__sock_where(c, where), now);
        return 1;
    }
    if (getsockopt(k->fd, SOL_SOCKET, SO_ERROR, &err, &el) != 0 || err != 0) {
        if (kinf__sock_connect_next(c, now)) { return 1; }
        KINF__CERR(c, CONNECT_FAILED, kinf__sock_where(c, where), err == ECONNREFUSED ? " (refused)" : 0);
        kinf_engine_failed(c, 0, 0, now);
        return 1;
    }
#ifdef KINF__PROXY
    if (c->proxy_host[0]) {
        kinf__sock_tunnel_begin(c, now);
        return kinf__sock_tunnel(c, now);
    }
#endif
    return kinf__sock_up(c, now);
}

/* >>driver step */
/* the bytes one step reads at most before it returns, so that handlers run
   (and the queue drains) at the same pace whatever the read buffer's size:
   a read asks no more than the step has left */
#ifndef KINF__STEP_BYTES /* tests lower it */
#define KINF__STEP_BYTES (1u << 20)
#endif
/* One step: all the I/O the socket allows now, bounded: 64 rounds, and no
   read once KINF__STEP_BYTES came in. Only the public engine calls. */
static void kinf__drv_step(kinf_engine_t* c) {
    int rounds;
    size_t got = 0;
    c->counts_bytes = 1;
    for (rounds = 0; rounds < 64; rounds++) {
        uint64_t now = kinf_now_ms();
        unsigned st = kinf_engine_tick(c, now);
        if (st & KINF_ENG_CLOSE) { kinf__sock_close(c); kinf_engine_closed(c, now); continue; }
        if (st & KINF_ENG_TOKEN) { /* a failure is logged; the last token is kept */
            int rc;
#ifndef KINF_NO_EXEC
            if (c->exec) { kinf__drv_exec(c, now); continue; }
#endif
            kinf__drv_token_file(c, now, &rc);
            continue;
        }
        if (st & KINF_ENG_CONNECT) {
            if (kinf__sock_connect(c, now)) { continue; }
            return;
        }
        if (st & KINF_ENG_SEND) {
            size_t len;
            const uint8_t* b = kinf_engine_sendbuf(c, &len);
            long w;
            if (!b) { continue; }
            w = kinf__io_send(c, b, len);
            if (w < 0) { kinf__sock_close(c); kinf_engine_failed(c, 0, 0, now); continue; }
            if (w == 0) { return; }
            kinf_engine_sent(c, (size_t)w, now);
            continue;
        }
        if (st & KINF_ENG_RECV) {
            size_t cap;
            uint8_t* b;
            long r;
            if (got >= KINF__STEP_BYTES) { return; } /* what was read is taken; the rest waits for the next step */
            b = kinf_engine_recvbuf(c, &cap);
            r = kinf__io_recv(c, b, cap < KINF__STEP_BYTES - got ? cap : KINF__STEP_BYTES - got);
            if (r == -2) { kinf__sock_close(c); kinf_engine_failed(c, 0, 0, now); continue; }
            if (r == 0) { return; }
            if (r == -1) { kinf__sock_close(c); kinf_engine_closed(c, now); continue; }
            got += (size_t)r;
            kinf_engine_recvd(c, (size_t)r, now);
            continue;
        }
        return;
    }
}
#if !defined(KINF_NO_FACTORY) || !defined(KINF_NO_CLIENT)
static int kinf__drv_fd(const kinf_engine_t* c) { return c->own_transport ? -1 : c->sock.fd; }
#endif
/* what the socket is waited for (KINF_WANT_*) */
static unsigned kinf__drv_wants(kinf_engine_t* c) {
    int rd; /* the response wants more bytes: nothing left to take, and room in the owner */
    if (c->own_transport || c->sock.fd < 0) { return 0; }
    if (c->sock.connecting) { return c->sock.connecting == 3 ? KINF_WANT_READ : KINF_WANT_WRITE; }
    rd = (kinf_engine_state(c) & KINF_ENG_RECV) != 0;
#ifdef KINF_TLS_BEARSSL
    if (c->tls && (c->cstate == KINF__C_SEND || c->cstate == KINF__C_RECV)) { return kinf__tls_wants(c, rd); }
#endif
    if (c->cstate == KINF__C_SEND) { return KINF_WANT_WRITE; }
    return rd ? KINF_WANT_READ : 0;
}
/* ms until the next step is due: 0 now, -1 none */
static int kinf__drv_timeout(kinf_engine_t* c) {
    uint64_t now, dl;
    if (c->own_transport) { return -1; }
    if (c->cstate == KINF__C_WANTED && !c->sock.connecting) { return 0; }
#ifdef KINF_TLS_BEARSSL
    if (c->tls && c->sock.fd >= 0 && (kinf_engine_state(c) & KINF_ENG_RECV) && kinf__tls_app_pending(c)) { return 0; }
#endif
    now = kinf_now_ms();
    dl = kinf_engine_deadline(c);
    if (c->sock.connecting && c->sock.t_connect + (uint64_t)c->connect_ms < dl) { dl = c->sock.t_connect + (uint64_t)c->connect_ms; }
    if (dl == UINT64_MAX) { return -1; }
    if (dl <= now) { return 0; }
    return (dl - now > 0x7fffffffu) ? 0x7fffffff : (int)(dl - now);
}
/* What the socket is waited for now, to desc.on_socket when it changed
   since it was told: at the end of every driver call that can change it. */
static void kinf__drv_tell(kinf_engine_t* c) {
    unsigned w;
    if (!c->on_socket.func || c->sock.fd < 0 || c->in_callback) { return; }
    w = kinf__drv_wants(c);
    if (w != c->sock_told) { kinf__sock_tell(c, KINF_SOCKET_CHANGED, w); }
}
/* Waits for the socket or the deadline, at most timeout_ms (< 0: no limit),
   then steps. */
static void kinf__drv_poll(kinf_engine_t* c, int timeout_ms) {
    int t, wait;
    unsigned w;
    if (kinf__conn_busy(c, "the driver's poll")) { return; } /* from a callback (the socket callback's included) */
    t = kinf__drv_timeout(c); w = kinf__drv_wants(c);
    wait = timeout_ms < 0 ? t : (t < 0 || t > timeout_ms ? timeout_ms : t);
    if (wait != 0) {
        struct pollfd pf;
        pf.fd = c->sock.fd;
        pf.events = (short)(((w & KINF_WANT_READ) ? POLLIN : 0) | ((w & KINF_WANT_WRITE) ? POLLOUT : 0));
        pf.revents = 0;
        if (pf.fd >= 0 && w) { poll(&pf, 1, wait); }
        else if (wait > 0) { poll(0, 0, wait); }
    }
    kinf__drv_step(c); /* a stopped owner asks for nothing, or for a close */
    kinf__drv_tell(c);
}
#endif /* KINF_ENGINE_ONLY */
