/* kubeconfig.inc.c - included by main.c: kubeconfig (>>config): YAML block
   and flow, JSON, contexts, files and embedded data, the malformed ones;
   tests/testdata/kubeconfig. */

#define KC_DIR "tests/testdata/kubeconfig"
static unsigned char g_kc_work[4][1 << 16];
/* the path less "dir/", for paths a kubeconfig names relative to its directory */
static const char* kc_rel(const char* path, const char* dir) {
    size_t n = strlen(dir);
    return (!strncmp(path, dir, n) && path[n] == '/') ? path + n + 1 : path;
}
static int kc_data_same(const void* a, size_t an, const void* b, size_t bn) {
    return an == bn && (!an || (a && b && !memcmp(a, b, an))) && (!a) == (!b);
}
/* a and b (read from files in dir_a and dir_b) say the same: every string,
   the decoded data and the token by content. Notes the first difference. */
static int kc_same(const kinf_config_t* a, const char* dir_a, const kinf_config_t* b, const char* dir_b) {
    const char* what = 0;
    if (strcmp(a->server, b->server)) { what = "server"; }
    else if (strcmp(a->namespace_, b->namespace_)) { what = "namespace_"; }
    else if (strcmp(kc_rel(a->token_file, dir_a), kc_rel(b->token_file, dir_b))) { what = "token_file"; }
    else if (strcmp(kc_rel(a->ca_file, dir_a), kc_rel(b->ca_file, dir_b))) { what = "ca_file"; }
    else if (strcmp(kc_rel(a->client_cert_file, dir_a), kc_rel(b->client_cert_file, dir_b))) { what = "client_cert_file"; }
    else if (strcmp(kc_rel(a->client_key_file, dir_a), kc_rel(b->client_key_file, dir_b))) { what = "client_key_file"; }
    else if (strcmp(a->tls_server_name, b->tls_server_name)) { what = "tls_server_name"; }
    else if ((!a->token) != (!b->token) || (a->token && strcmp(a->token, b->token))) { what = "token"; }
    else if (!kc_data_same(a->ca_data, a->ca_len, b->ca_data, b->ca_len)) { what = "ca_data"; }
    else if (!kc_data_same(a->client_cert_data, a->client_cert_len, b->client_cert_data, b->client_cert_len)) { what = "client_cert_data"; }
    else if (!kc_data_same(a->client_key_data, a->client_key_len, b->client_key_data, b->client_key_len)) { what = "client_key_data"; }
    else if (a->insecure_skip_tls_verify != b->insecure_skip_tls_verify) { what = "insecure_skip_tls_verify"; }
    else if (strcmp(a->source, b->source) || strcmp(a->context, b->context)) { what = "source or context"; }
    else if (a->error != b->error || strcmp(a->error_detail, b->error_detail)) { what = "error"; }
    if (what) { note("%s differs: \"%s\" vs \"%s\" (error %s: %s)", what, a->server, b->server, kinf_log_item_name(b->error), b->error_detail); }
    return what == 0;
}
static void kc_write(const char* path, const char* s, size_t n) {
    FILE* f = fopen(path, "wb");
    if (f) { fwrite(s, 1, n, f); fclose(f); }
}
/* kinf_config_kubeconfig on text written to path; the error item, with the detail in cfg */
static uint32_t kc_load_text(kinf_config_t* cfg, const char* path, const char* text, const char* context) {
    kc_write(path, text, strlen(text));
    kinf_config_kubeconfig(cfg, path, context, g_kc_work[3], sizeof(g_kc_work[3]));
    return cfg->error;
}
typedef struct kc_rec { char out[2048]; size_t o; } kc_rec;
/* the walk as text: "path=value;" with a path as a.b.0, and {} [] ~ for
   the start of a map, of a sequence, and a null */
static void kc_rec_visit(void* u, const kinf__yseg* path, int n, const kinf__yval* v) {
    kc_rec* r = (kc_rec*)u;
    int i;
    char val[128];
    for (i = 0; i < n; i++) {
        if (path[i].idx >= 0) { r->o += (size_t)snprintf(r->out + r->o, sizeof(r->out) - r->o, "%s%d", i ? "." : "", path[i].idx); }
        else { r->o += (size_t)snprintf(r->out + r->o, sizeof(r->out) - r->o, "%s%.*s", i ? "." : "", (int)path[i].kl, path[i].k); }
        if (r->o >= sizeof(r->out)) { r->o = sizeof(r->out) - 1; return; }
    }
    if (v->type == KINF__Y_MAP) { snprintf(val, sizeof(val), "{}"); }
    else if (v->type == KINF__Y_SEQ) { snprintf(val, sizeof(val), "[]"); }
    else if (v->type == KINF__Y_NULL) { snprintf(val, sizeof(val), "~"); }
    else if (kinf__ystr(v->p, v->n, v->style, val, sizeof(val)) < 0) { snprintf(val, sizeof(val), "(bad)"); }
    r->o += (size_t)snprintf(r->out + r->o, sizeof(r->out) - r->o, "=%s;", val);
    if (r->o >= sizeof(r->out)) { r->o = sizeof(r->out) - 1; }
}
static const char* kc_walk(const char* text, kinf__yerr* err, int* line) {
    static kc_rec r;
    r.o = 0; r.out[0] = 0;
    memset(err, 0, sizeof(*err));
    *line = kinf__yaml_walk(text, strlen(text), kc_rec_visit, &r, err);
    return r.out;
}
static void test_kubeconfig(void) {
    static const char* contexts[] = { 0, "embedded", "files", "token" };
    static const char* files[] = { KC_DIR "/config.yaml", KC_DIR "/config.json", KC_DIR "/flow.yaml" };
    char tmpdir[] = "/tmp/kinf-unit-kcXXXXXX";
    char path[256], variant[256];
    kinf_config_t base, c;
    size_t jn = 0;
    char* json = read_file(KC_DIR "/config.json", &jn);
    int i, k, r;
    g_test = "kubeconfig_paths";
    {
        /* flow collections in block YAML, over lines, and a JSON document: the same paths as block YAML */
        static const struct { const char* text; const char* walk; } w[] = {
            { "a: {b: [1, {c: d}], e: [], f: {}}\n", "a={};a.b=[];a.b.0=1;a.b.1={};a.b.1.c=d;a.e=[];a.f={};" },
            { "a:\n  b:\n  - 1\n  - c: d\n  e: []\n  f: {}\n", "a={};a.b=[];a.b.0=1;a.b.1={};a.b.1.c=d;a.e=[];a.f={};" },
            { "{\"a\": {\"b\": [1, {\"c\": \"d\"}],\n  \"e\": [], \"f\": {}}}", "a={};a.b=[];a.b.0=1;a.b.1={};a.b.1.c=d;a.e=[];a.f={};" },
            { "k:\n- {a: x}\n- [y, 'z''s', \"\\u0041\\/\"]\n", "k=[];k.0={};k.0.a=x;k.1=[];k.1.0=y;k.1.1=z's;k.1.2=A/;" },
            { "k:\n  {a: 1,  # one\n   b: ,\n   c}\nnext: ~\n", "k={};k.a=1;k.b=~;k.c=~;next=~;" },
            { "k: [a b, c:d, {\"e\":f, g: h}, ]\n", "k=[];k.0=a b;k.1=c:d;k.2={};k.2.e=f;k.2.g=h;" },
            { "\xef\xbb\xbf{\"u\": \"https://[::1]:6443/x\", \"n\": null, \"t\": true} # end\n", "u=https://[::1]:6443/x;n=~;t=true;" },
            { "s: {u: http://h:80/p?q=1}\n", "s={};s.u=http://h:80/p?q=1;" },
        };
        for (i = 0; i < (int)(sizeof(w) / sizeof(w[0])); i++) {
            kinf__yerr e;
            int line;
            const char* got = kc_walk(w[i].text, &e, &line);
            if (!CHECK(line == 0 && !strcmp(got, w[i].walk))) { note("%s: line %d col %d %s", w[i].text, line, e.col, e.why ? e.why : ""); note("got  %s", got); note("want %s", w[i].walk); }
        }
    }
    g_test = "kubeconfig_malformed";
    {
        /* where the reader stops, and that it says why */
        static const struct { const char* text; int line, col; } bad[] = {
            { "{\"a\": 1 \"b\": 2}\n", 1, 12 },              /* a missing comma: "1 \"b\"" is one plain scalar */
            { "{\"a\": \"1\" \"b\": 2}\n", 1, 11 },
            { "{\"a\": 1,\n \"b\": [1, 2}\n", 2, 12 },        /* } closes a [ */
            { "{\"a\": 1,\n \"b\": [1, [2]\n", 2, 7 },        /* the [ never closed */
            { "{\"a\": 1,\n \"b\": 2\n", 1, 1 },              /* the { never closed */
            { "{\"a\" 1}", 1, 6 },                            /* no colon */
            { "{\"a\": 1}}\n", 1, 9 },                        /* one } too many */
            { "{\"a\": 1}\nb: 2\n", 2, 1 },                   /* block YAML after a JSON document */
            { "{\"a\": \"b\n\"}", 1, 7 },                     /* a string over two lines */
            { "{\"a\": [1,,2]}", 1, 10 },                     /* an empty item */
            { "{,}", 1, 2 },
            { "{\"a\": 1, : 2}", 1, 10 },
            { "[\"a\": 1]", 1, 5 },                            /* a pair in a sequence */
            { "a: {b: &x 1}\n", 1, 8 },                        /* an anchor */
            { "a: {b: 1}# c\n", 1, 10 },                       /* a comment needs a blank before it */
            { "a: [{b: c]\n", 1, 10 },
            { "a:\n\t- b\n", 2, 1 },                           /* a tab in the indentation */
            { "a: |\n  x\n", 1, 4 },                           /* a block scalar */
            { "a: [[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]\n", 1, 19 }, /* a path of 17 segments */
        };
        for (i = 0; i < (int)(sizeof(bad) / sizeof(bad[0])); i++) {
            kinf__yerr e;
            int line;
            kc_walk(bad[i].text, &e, &line);
            if (!CHECK(line == bad[i].line && e.line == bad[i].line && e.col == bad[i].col && e.why && e.why[0])) {
                note("%s: line %d (error line %d) column %d: %s; want line %d column %d", bad[i].text, line, e.line, e.col, e.why ? e.why : "(none)", bad[i].line, bad[i].col);
            }
        }
        /* every cut of kubectl's JSON before its last } stops with a reason, at a place inside the text */
        if (CHECK(json != 0 && jn > 100)) {
            int cuts = 0, bad_cut = 0;
            size_t end = jn;
            while (end > 0 && json[end - 1] != '}') { end--; }
            for (k = 1; k < (int)end; k++) {
                kinf__yerr e;
                char* cut = (char*)malloc((size_t)k); /* exactly k bytes: ASan sees a read past the cut */
                int line, nl = 1, j;
                memcpy(cut, json, (size_t)k);
                memset(&e, 0, sizeof(e));
                line = kinf__yaml_walk(cut, (size_t)k, kc_rec_visit, &(kc_rec){ {0}, 0 }, &e);
                for (j = 0; j < k; j++) { nl += cut[j] == '\n'; }
                cuts++;
                if (line < 1 || line > nl || e.line != line || e.col < 1 || !e.why) { if (!bad_cut++) { note("cut at %d: line %d col %d", k, line, e.col); } }
                free(cut);
            }
            CHECK(cuts > 1000);
            CHECK_INT(bad_cut, 0);
        }
    }
    if (!CHECK(mkdtemp(tmpdir) != 0)) { free(json); return; }
    g_test = "kubeconfig_json";
    /* the file kubectl wrote, the JSON kubectl made of it, the same by hand in flow
       style: one kinf_config_t for every context */
    for (i = 0; i < 4; i++) {
        r = kinf_config_kubeconfig(&base, files[0], contexts[i], g_kc_work[0], sizeof(g_kc_work[0]));
        if (!CHECK_INT_OK(r, KINF_OK)) { note("%s context %s: %s %s", files[0], contexts[i] ? contexts[i] : "(current)", kinf_log_item_name(base.error), base.error_detail); continue; }
        for (k = 1; k < 3; k++) {
            r = kinf_config_kubeconfig(&c, files[k], contexts[i], g_kc_work[k], sizeof(g_kc_work[k]));
            if (!CHECK(r == KINF_OK && kc_same(&base, KC_DIR, &c, KC_DIR))) { note("%s context %s: %s %s", files[k], contexts[i] ? contexts[i] : "(current)", kinf_log_item_name(c.error), c.error_detail); }
        }
    }
    /* what config.yaml says, field by field */
    {
        size_t n1 = 0, n2 = 0, n3 = 0;
        char* ca = read_file(KC_DIR "/ca.pem", &n1);
        char* cert = read_file(KC_DIR "/client.pem", &n2);
        char* key = read_file(KC_DIR "/client.key", &n3);
        CHECK(kinf_config_kubeconfig(&c, files[1], 0, g_kc_work[1], sizeof(g_kc_work[1])) == KINF_OK);
        CHECK_STR(c.context, "token");
        CHECK_STR(c.server, "http://127.0.0.1:8080");
        CHECK(c.token && !strcmp(c.token, "abc.def-ghi_jkl"));
        CHECK(c.insecure_skip_tls_verify == 1 && !c.ca_data && !c.ca_file[0] && !c.namespace_[0]);
        CHECK(kinf_config_kubeconfig(&c, files[1], "embedded", g_kc_work[1], sizeof(g_kc_work[1])) == KINF_OK);
        CHECK_STR(c.server, "https://127.0.0.1:6443");
        CHECK_STR(c.namespace_, "ns-1");
        CHECK(!c.token && !c.insecure_skip_tls_verify);
        CHECK(ca && kc_data_same(c.ca_data, c.ca_len, ca, n1));
        CHECK(cert && kc_data_same(c.client_cert_data, c.client_cert_len, cert, n2));
        CHECK(key && kc_data_same(c.client_key_data, c.client_key_len, key, n3));
        CHECK(kinf_config_kubeconfig(&c, files[1], "files", g_kc_work[1], sizeof(g_kc_work[1])) == KINF_OK);
        CHECK_STR(c.server, "https://[::1]:443/base");
        CHECK_STR(c.tls_server_name, "kubernetes.default");
        CHECK_STR(c.namespace_, "kube-system");
        CHECK_STR(c.ca_file, KC_DIR "/ca.pem");
        CHECK_STR(c.client_cert_file, KC_DIR "/client.pem");
        CHECK_STR(c.client_key_file, KC_DIR "/client.key");
        CHECK_STR(c.token_file, KC_DIR "/token.txt");
        CHECK(!c.ca_data && !c.client_cert_data && !c.token);
        /* the same work memory: the file and the decoded data, not a byte more */
        {
            size_t need = jn + n1 + n2 + n3;
            CHECK_INT(kinf_config_kubeconfig(&c, files[1], "embedded", g_kc_work[1], need), KINF_OK);
            CHECK_INT(kinf_config_kubeconfig(&c, files[1], "embedded", g_kc_work[1], need - 1), KINF_ERR_NOMEM);
            CHECK_INT(c.error, KINF_LOGITEM_CONFIG_FILE_TOO_LARGE);
        }
        free(ca); free(cert); free(key);
    }
    /* the JSON on one line, with CRLF, with a byte order mark, with "\/" and "\u002d"
       escapes, in a directory of its own: the same */
    if (json) {
        char* v = (char*)malloc(jn * 3 + 16);
        int form;
        for (form = 0; form < 4 && v; form++) {
            size_t n = 0, j;
            if (form == 0) { n = compact(json, jn, v); }
            else if (form == 1) { for (j = 0; j < jn; j++) { if (json[j] == '\n') { v[n++] = '\r'; } v[n++] = json[j]; } }
            else if (form == 2) { memcpy(v, "\xef\xbb\xbf", 3); memcpy(v + 3, json, jn); n = jn + 3; }
            else {
                for (j = 0; j < jn; j++) {
                    if (json[j] == '/') { v[n++] = '\\'; v[n++] = '/'; }
                    else if (json[j] == '-' && j > 0 && json[j - 1] == 't' && !strncmp(json + j - 7, "current-context", 15)) { memcpy(v + n, "\\u002d", 6); n += 6; }
                    else { v[n++] = json[j]; }
                }
            }
            snprintf(variant, sizeof(variant), "%s/form%d.json", tmpdir, form);
            kc_write(variant, v, n);
            for (i = 0; i < 4; i++) {
                kinf_config_kubeconfig(&base, files[0], contexts[i], g_kc_work[0], sizeof(g_kc_work[0]));
                r = kinf_config_kubeconfig(&c, variant, contexts[i], g_kc_work[1], sizeof(g_kc_work[1]));
                if (!CHECK(r == KINF_OK && kc_same(&base, KC_DIR, &c, tmpdir))) { note("form %d context %s: %s %s", form, contexts[i] ? contexts[i] : "(current)", kinf_log_item_name(c.error), c.error_detail); }
            }
        }
        free(v);
    }
    g_test = "kubeconfig_json_errors";
    snprintf(path, sizeof(path), "%s/bad.json", tmpdir);
    {
        char want[400];
        /* malformed JSON: KUBECONFIG_YAML, the file, line and column */
        CHECK_INT(kc_load_text(&c, path, "{\n  \"current-context\": \"x\"\n  \"contexts\": []\n}\n", 0), KINF_LOGITEM_KUBECONFIG_YAML);
        snprintf(want, sizeof(want), "%s: line 3, column 3: expected ',' or '}'", path);
        CHECK_STR(c.error_detail, want);
        CHECK_INT(kc_load_text(&c, path, "{\"clusters\": [{\"name\": \"c\"}\n", 0), KINF_LOGITEM_KUBECONFIG_YAML);
        snprintf(want, sizeof(want), "%s: line 1, column 14: this [ is not closed before the end of the file", path);
        CHECK_STR(c.error_detail, want);
        /* the fields kinformer refuses are refused in JSON too; a null one sets nothing */
        CHECK_INT(kc_load_text(&c, path, "{\"current-context\": \"x\", \"contexts\": [{\"name\": \"x\", \"context\": {\"cluster\": \"c\", \"user\": \"u\"}}],"
                               " \"clusters\": [{\"name\": \"c\", \"cluster\": {\"server\": \"http://h\"}}],"
                               " \"users\": [{\"name\": \"u\", \"user\": {\"auth-provider\": {\"name\": \"gcp\"}}}]}", 0), KINF_LOGITEM_KUBECONFIG_UNSUPPORTED);
        CHECK_STR(c.error_detail, "users.user.auth-provider");
        CHECK_INT(kc_load_text(&c, path, "{\"current-context\": \"x\", \"contexts\": [{\"name\": \"x\", \"context\": {\"cluster\": \"c\", \"user\": \"u\"}}],"
                               " \"clusters\": [{\"name\": \"c\", \"cluster\": {\"server\": \"http://h\", \"proxy-url\": null}}],"
                               " \"users\": [{\"name\": \"u\", \"user\": {\"exec\": null, \"token\": \"t\"}}]}", 0), KINF_LOGITEM_OK);
        CHECK(c.token && !strcmp(c.token, "t"));
        /* base64 with JSON's escaped slash, as some encoders write it */
        CHECK_INT(kc_load_text(&c, path, "{\"current-context\": \"x\", \"contexts\": [{\"name\": \"x\", \"context\": {\"cluster\": \"c\"}}],"
                               " \"clusters\": [{\"name\": \"c\", \"cluster\": {\"server\": \"https:\\/\\/h\", \"certificate-authority-data\": \"YWJj\\/w==\"}}]}", 0), KINF_LOGITEM_OK);
        CHECK(kc_data_same(c.ca_data, c.ca_len, "abc\xff", 4));
        CHECK_STR(c.server, "https://h");
        /* proxy-url: read, and applied as desc.proxy unless the caller set one */
        CHECK_INT(kc_load_text(&c, path, "current-context: x\ncontexts: [{name: x, context: {cluster: c}}]\n"
                               "clusters: [{name: c, cluster: {server: 'https://h', proxy-url: 'http://u:p@px:3128'}}]\n", 0), KINF_LOGITEM_OK);
        CHECK_STR(c.proxy_url, "http://u:p@px:3128");
        {
            kinf_desc_t d;
            memset(&d, 0, sizeof(d));
            kinf_config_apply(&c, &d);
            CHECK(d.proxy == c.proxy_url);
            d.proxy = "";
            kinf_config_apply(&c, &d);
            CHECK_STR(d.proxy, "");
        }
        /* flow style in block YAML: a bad base64 is still named */
        CHECK_INT(kc_load_text(&c, path, "current-context: x\ncontexts: [{name: x, context: {cluster: c}}]\n"
                               "clusters: [{name: c, cluster: {server: 'http://h', certificate-authority-data: \"YWJj*\"}}]\n", 0), KINF_LOGITEM_KUBECONFIG_BAD_BASE64);
        CHECK_STR(c.error_detail, "certificate-authority-data");
        unlink(path);
    }
    for (k = 0; k < 4; k++) { snprintf(variant, sizeof(variant), "%s/form%d.json", tmpdir, k); unlink(variant); }
    rmdir(tmpdir);
    free(json);
}
#undef KC_DIR

/* users[].user.exec: read into cfg.exec (v1 and v1beta1; args, env, a
   command relative to the kubeconfig's directory or looked up in PATH),
   refused when kinformer cannot run it as asked; applied as desc.exec only
   without a token or token file. */
#define KC_HEAD "current-context: x\ncontexts: [{name: x, context: {cluster: c, user: u}}]\nclusters: [{name: c, cluster: {server: 'http://h'}}]\n"
static void test_kubeconfig_exec(void) {
    char tmpdir[] = "/tmp/kinf-unit-kcxXXXXXX", path[256], want[300];
    kinf_config_t c;
    kinf_desc_t d;
    g_test = "kubeconfig_exec";
    if (!CHECK(mkdtemp(tmpdir) != 0)) { return; }
    snprintf(path, sizeof(path), "%s/config", tmpdir);
    CHECK_INT(kc_load_text(&c, path, KC_HEAD "users:\n- name: u\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1\n"
                           "      command: bin/get-token\n      args: [\"--cluster\", 'a b']\n      env:\n      - name: FOO\n        value: bar\n"
                           "      - {name: EMPTY}\n      interactiveMode: Never\n      provideClusterInfo: true\n      installHint: see docs\n", 0), KINF_LOGITEM_OK);
    snprintf(want, sizeof(want), "%s/bin/get-token", tmpdir);
    CHECK(c.exec.command && !strcmp(c.exec.command, want));
    CHECK(c.exec.api_version && !strcmp(c.exec.api_version, "client.authentication.k8s.io/v1"));
    CHECK(c.exec.nargs == 2 && !strcmp(c.exec.args[0], "--cluster") && !strcmp(c.exec.args[1], "a b"));
    CHECK(c.exec.nenv == 2 && !strcmp(c.exec.env[0][0], "FOO") && !strcmp(c.exec.env[0][1], "bar") && !strcmp(c.exec.env[1][0], "EMPTY") && !strcmp(c.exec.env[1][1], ""));
    CHECK(c.exec.provide_cluster_info == 1 && c.token == 0);
    memset(&d, 0, sizeof(d));
    kinf_config_apply(&c, &d);
    CHECK(d.exec == &c.exec && !d.token && !d.token_file);
    d.exec = 0; d.token = "given";
    kinf_config_apply(&c, &d);
    CHECK(d.exec == 0);                                   /* a token given wins */
    /* v1beta1, a command in PATH, in JSON */
    CHECK_INT(kc_load_text(&c, path, "{\"current-context\": \"x\", \"contexts\": [{\"name\": \"x\", \"context\": {\"cluster\": \"c\", \"user\": \"u\"}}],"
                           " \"clusters\": [{\"name\": \"c\", \"cluster\": {\"server\": \"http://h\"}}],"
                           " \"users\": [{\"name\": \"u\", \"user\": {\"exec\": {\"apiVersion\": \"client.authentication.k8s.io/v1beta1\", \"command\": \"aws\","
                           " \"args\": [\"eks\", \"get-token\"]}}}]}", 0), KINF_LOGITEM_OK);
    CHECK(c.exec.command && !strcmp(c.exec.command, "aws") && c.exec.nargs == 2 && !c.exec.provide_cluster_info);
    /* refused: an old or missing apiVersion, Always interactive, no command */
    CHECK_INT(kc_load_text(&c, path, KC_HEAD "users:\n- name: u\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1alpha1\n      command: x\n", 0),
              KINF_LOGITEM_KUBECONFIG_UNSUPPORTED);
    CHECK(strstr(c.error_detail, "apiVersion") != 0);
    CHECK_INT(kc_load_text(&c, path, KC_HEAD "users:\n- name: u\n  user:\n    exec:\n      command: x\n", 0), KINF_LOGITEM_KUBECONFIG_UNSUPPORTED);
    CHECK_INT(kc_load_text(&c, path, KC_HEAD "users:\n- name: u\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: x\n      interactiveMode: Always\n", 0),
              KINF_LOGITEM_KUBECONFIG_UNSUPPORTED);
    CHECK(strstr(c.error_detail, "interactiveMode Always") != 0);
    CHECK_INT(kc_load_text(&c, path, KC_HEAD "users:\n- name: u\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      interactiveMode: IfAvailable\n", 0),
              KINF_LOGITEM_KUBECONFIG_UNSUPPORTED);
    CHECK(strstr(c.error_detail, "command") != 0);
    CHECK_INT(kc_load_text(&c, path, KC_HEAD "users:\n- name: u\n  user:\n    exec: [a]\n", 0), KINF_LOGITEM_KUBECONFIG_YAML);
    unlink(path);
    rmdir(tmpdir);
}
#undef KC_HEAD

/* The driver runs the plugin (>>driver exec): a shell script in a temp dir. */
static void exec_script(const char* dir, const char* name, const char* body) {
    char p[300];
    FILE* f;
    snprintf(p, sizeof(p), "%s/%s", dir, name);
    f = fopen(p, "w");
    if (f) { fprintf(f, "#!/bin/sh\n%s", body); fclose(f); chmod(p, 0700); }
}
static kinf_informer_t* exec_mk(kinf_exec_t* x) {
    kinf_desc_t d;
    desc_base(&d);
    d.max_objects = 16; d.store_bytes = 1 << 14;
    d.exec = x;
    return mk(&d);
}
static void test_exec_plugin(void) {
    char tmpdir[] = "/tmp/kinf-unit-execXXXXXX", cmd[300], cnt[300];
    kinf_exec_t x;
    kinf_informer_t* inf;
    kinf_engine_t* e;
    uint64_t t = 1000000;
    static const struct { const char* name; const char* body; uint32_t item; const char* detail; } bad[] = {
        { "fail.sh", "echo 'boom: the credentials are gone' >&2; echo more >&2; exit 3\n", KINF_LOGITEM_EXEC_FAILED, "exit status 3: boom: the credentials are gone" },
        { "slow.sh", "sleep 20\n", KINF_LOGITEM_EXEC_TIMEOUT, "no exit within the timeout" },
        { "garbage.sh", "echo not json\n", KINF_LOGITEM_EXEC_BAD_OUTPUT, "not a JSON object" },
        { "kind.sh", "echo '{\"kind\":\"Pod\",\"apiVersion\":\"client.authentication.k8s.io/v1\",\"status\":{\"token\":\"t\"}}'\n", KINF_LOGITEM_EXEC_BAD_OUTPUT, "kind" },
        { "api.sh", "echo '{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1beta1\",\"status\":{\"token\":\"t\"}}'\n", KINF_LOGITEM_EXEC_BAD_OUTPUT, "apiVersion" },
        { "cert.sh", "echo '{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1\",\"status\":{\"clientCertificateData\":\"x\",\"clientKeyData\":\"y\"}}'\n",
          KINF_LOGITEM_EXEC_BAD_OUTPUT, "not https://" },
        { "notoken.sh", "echo '{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1\",\"status\":{}}'\n", KINF_LOGITEM_EXEC_BAD_OUTPUT, "no status.token" },
        { "badexp.sh", "echo '{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1\",\"status\":{\"token\":\"t\",\"expirationTimestamp\":\"tomorrow\"}}'\n",
          KINF_LOGITEM_EXEC_BAD_OUTPUT, "RFC 3339" },
        { "big.sh", "i=0; while [ $i -lt 700 ]; do echo 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'; i=$((i+1)); done\n",
          KINF_LOGITEM_EXEC_BAD_OUTPUT, "KINF_EXEC_OUTPUT_BYTES" },
        { "missing-command.sh", 0, KINF_LOGITEM_EXEC_FAILED, "exit status 127: exec failed" },
    };
    size_t i;
    g_test = "exec_plugin";
    if (!CHECK(mkdtemp(tmpdir) != 0)) { return; }
    snprintf(cnt, sizeof(cnt), "%s/runs", tmpdir);
    /* the plugin sees its args, its env, KUBERNETES_EXEC_INFO (not
       interactive, the cluster) and no terminal; counts its runs */
    {
        char body[1200];
        snprintf(body, sizeof(body),
                 "echo run >> '%s'\n"
                 "tty=notty; [ -t 0 ] && tty=tty\n"
                 "info=no; case \"$KUBERNETES_EXEC_INFO\" in *'\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\"'*'\"cluster\":{\"server\":\"http://127.0.0.1:1\"}'*'\"interactive\":false'*) info=yes;; esac\n"
                 "a2=$(echo \"$2\" | tr ' ' _)\n"
                 "printf '{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1\",\"status\":{\"token\":\"tok-%%s-%%s-%%s-%%s-%%s\",\"expirationTimestamp\":\"%%s\"}}\\n' \"$1\" \"$a2\" \"$FOO\" $info $tty \"$EXP\"\n", cnt);
        exec_script(tmpdir, "ok.sh", body);
    }
    memset(&x, 0, sizeof(x));
    snprintf(cmd, sizeof(cmd), "%s/ok.sh", tmpdir);
    x.command = cmd; x.api_version = "client.authentication.k8s.io/v1";
    x.args[0] = "one"; x.args[1] = "two words"; x.nargs = 2;
    x.env[0][0] = "FOO"; x.env[0][1] = "bar"; x.env[1][0] = "EXP"; x.env[1][1] = "2999-01-01T00:00:00Z"; x.nenv = 2;
    x.provide_cluster_info = 1; x.timeout_ms = 10000;
    inf = exec_mk(&x);
    if (!CHECK(inf != 0)) { return; }
    e = kinf_informer_engine(inf);
    log_reset();
    CHECK(kinf_engine_tick(e, t) & KINF_ENG_TOKEN);      /* before the first request */
    CHECK_INT(kinf__drv_exec(e, t), KINF_LOGITEM_OK);
    CHECK_STR(e->token, "tok-one-two_words-bar-yes-notty");
    CHECK(e->token_exp > t + 1000000000u);                /* far: not due */
    CHECK(!(kinf_engine_tick(e, t) & KINF_ENG_TOKEN));
    CHECK(logged(KINF_LOGITEM_EXEC_FAILED) + logged(KINF_LOGITEM_EXEC_TIMEOUT) + logged(KINF_LOGITEM_EXEC_BAD_OUTPUT) == 0);
    /* a token that expires in 25 s: due 10 s before, not sooner */
    {
        char exp[40];
        time_t now = time(0) + 25;
        struct tm tmv;
        gmtime_r(&now, &tmv);
        strftime(exp, sizeof(exp), "%Y-%m-%dT%H:%M:%S.123+00:00", &tmv);
        x.env[1][1] = exp;
        CHECK_INT(kinf__drv_exec(e, t), KINF_LOGITEM_OK);
        CHECK(e->token_exp >= t + 23000 && e->token_exp <= t + 26000);
        CHECK(!(kinf_engine_tick(e, e->token_exp - 10001) & KINF_ENG_TOKEN));
        CHECK(kinf_engine_tick(e, e->token_exp - 10000) & KINF_ENG_TOKEN);
        x.env[1][1] = "2999-01-01T00:00:00Z";
        CHECK_INT(kinf__drv_exec(e, e->token_exp - 10000), KINF_LOGITEM_OK);
    }
    /* a 401: run again before the retry */
    t += 2000000;
    kinf_engine_tick(e, t);
    kinf_engine_connected(e, t);
    (void)eng_send(inf, t);
    CHECK(eng_recv(inf, http("401 Unauthorized", "", "{\"kind\":\"Status\",\"code\":401}", 0), 64, t) > 0);
    CHECK(kinf_engine_tick(e, t) & KINF_ENG_TOKEN);
    rm(inf);
    {   /* three runs so far */
        FILE* f = fopen(cnt, "r");
        int lines = 0, ch;
        while (f && (ch = fgetc(f)) != EOF) { lines += ch == '\n'; }
        if (f) { fclose(f); }
        CHECK_INT(lines, 3);
    }
    /* the failures: logged with what went wrong, the token kept, no run again until asked */
    for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        kinf_exec_t y;
        uint32_t item;
        memset(&y, 0, sizeof(y));
        snprintf(cmd, sizeof(cmd), "%s/%s", tmpdir, bad[i].name);
        if (bad[i].body) { exec_script(tmpdir, bad[i].name, bad[i].body); }
        y.command = cmd; y.api_version = "client.authentication.k8s.io/v1"; y.timeout_ms = 500;
        inf = exec_mk(&y);
        if (!CHECK(inf != 0)) { break; }
        e = kinf_informer_engine(inf);
        kinf_engine_set_token(e, "old", t);
        log_reset(); g_lastmsg[0] = 0;
        item = kinf__drv_exec(e, t);
        if (!CHECK(item == bad[i].item && logged(bad[i].item) == 1 && strstr(g_lastmsg, bad[i].detail) != 0 && !strcmp(e->token, "old") &&
                   !(kinf_engine_tick(e, t) & KINF_ENG_TOKEN))) {
            note("%s: %s (%s)", bad[i].name, kinf_log_item_name(item), g_lastmsg);
        }
        rm(inf);
    }
    /* a name without '/' is looked up in PATH */
    {
        const char* old = getenv("PATH");
        char keep[4096], path[4400];
        snprintf(keep, sizeof(keep), "%s", old ? old : "");
        snprintf(path, sizeof(path), "%s:%s", tmpdir, keep);
        setenv("PATH", path, 1);
        x.command = "ok.sh"; x.provide_cluster_info = 0;
        inf = exec_mk(&x);
        if (CHECK(inf != 0)) {
            CHECK_INT(kinf__drv_exec(kinf_informer_engine(inf), t), KINF_LOGITEM_OK);
            CHECK_STR(kinf_informer_engine(inf)->token, "tok-one-two_words-bar-no-notty"); /* no cluster asked for */
            rm(inf);
        }
        setenv("PATH", keep, 1);
    }
    {
        static const char* const names[] = { "ok.sh", "fail.sh", "slow.sh", "garbage.sh", "kind.sh", "api.sh", "cert.sh", "notoken.sh", "badexp.sh", "big.sh", "runs" };
        for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) { snprintf(cmd, sizeof(cmd), "%s/%s", tmpdir, names[i]); unlink(cmd); }
        rmdir(tmpdir);
    }
}

/* An ExecCredential's client certificate and key (>>driver exec parse):
   the strings unescaped in place, each refusal's reason. */
#define EC_HEAD "{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1\",\"status\":{"
static uint32_t exec_parse(const char* json, kinf__drv_cred* cr, char* det, size_t dcap) {
    static char out[KINF_EXEC_OUTPUT_BYTES + 1];
    size_t n = strlen(json);
    if (n > KINF_EXEC_OUTPUT_BYTES) { n = KINF_EXEC_OUTPUT_BYTES; }
    memcpy(out, json, n);
    det[0] = 0;
    return kinf__drv_exec_parse("client.authentication.k8s.io/v1", out, n, cr, det, dcap);
}
static void test_exec_cred(void) {
    kinf__drv_cred cr;
    char det[300];
    size_t i;
    static const struct { const char* json; const char* why; } bad[] = {
        { EC_HEAD "\"clientCertificateData\":\"c\"}}", "come together" },
        { EC_HEAD "\"clientKeyData\":\"k\",\"token\":\"t\"}}", "come together" },
        { EC_HEAD "\"clientCertificateData\":\"\",\"clientKeyData\":\"k\"}}", "come together" },
        { EC_HEAD "\"token\":\"\"}}", "no status.token" },
        { EC_HEAD "\"clientCertificateData\":5,\"clientKeyData\":6}}", "no status.token" },
        { EC_HEAD "\"clientCertificateData\":\"a\\u00e9\",\"clientKeyData\":\"k\"}}", "escape PEM does not hold" },
        { EC_HEAD "\"clientCertificateData\":\"c\",\"clientKeyData\":\"\\b\"}}", "escape PEM does not hold" },
        { EC_HEAD "\"clientCertificateData\":\"c\",\"clientKeyData\":\"k\\u0100\"}}", "escape PEM does not hold" },
        { EC_HEAD "\"clientCertificateData\":\"c\",\"clientKeyData\":\"k\",\"expirationTimestamp\":\"soon\"}}", "RFC 3339" },
    };
    g_test = "exec_cred";
    /* a certificate and key alone: unescaped, no token */
    CHECK_INT(exec_parse(EC_HEAD "\"clientCertificateData\":\"-----BEGIN X-----\\nab\\/c\\u002bd\\r\\n-----END X-----\\n\","
                         "\"clientKeyData\":\"K\\\\\\\"\\t\",\"expirationTimestamp\":\"2030-01-02T03:04:05Z\"}}", &cr, det, sizeof(det)), KINF_LOGITEM_OK);
    CHECK(cr.token == 0 && cr.cert != 0 && cr.key != 0);
    if (cr.cert) { CHECK(cr.cert_len == 42 && !memcmp(cr.cert, "-----BEGIN X-----\nab/c+d\r\n-----END X-----\n", 42)); }
    if (cr.key) { CHECK(cr.key_len == 4 && !memcmp(cr.key, "K\\\"\t", 4)); }
    CHECK(cr.has_exp && cr.exp_wall == 1893553445);
    /* both: the token too; an empty token is none */
    CHECK_INT(exec_parse(EC_HEAD "\"token\":\"tk\",\"clientCertificateData\":\"c\",\"clientKeyData\":\"k\"}}", &cr, det, sizeof(det)), KINF_LOGITEM_OK);
    CHECK(cr.token && !strcmp(cr.token, "tk") && cr.cert_len == 1 && cr.key_len == 1 && !cr.has_exp);
    CHECK_INT(exec_parse(EC_HEAD "\"token\":\"\",\"clientCertificateData\":\"c\",\"clientKeyData\":\"k\"}}", &cr, det, sizeof(det)), KINF_LOGITEM_OK);
    CHECK(cr.token == 0 && cr.cert != 0);
    /* a token alone, as before */
    CHECK_INT(exec_parse(EC_HEAD "\"token\":\"abc\"}}", &cr, det, sizeof(det)), KINF_LOGITEM_OK);
    CHECK(cr.token && !strcmp(cr.token, "abc") && cr.cert == 0 && cr.key == 0);
    for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        uint32_t it = exec_parse(bad[i].json, &cr, det, sizeof(det));
        if (!CHECK(it == KINF_LOGITEM_EXEC_BAD_OUTPUT && strstr(det, bad[i].why) != 0)) { note("%s: %s %s", bad[i].json, kinf_log_item_name(it), det); }
    }
}
#ifdef KINF_TLS_BEARSSL
/* a throwaway RSA certificate and key, a second RSA key and a second EC key, made for these
   tests (TEST_CERT_PEM and TEST_KEY_PEM are a pair; these are not theirs) */
#define TEST_RSA_CERT_PEM \
    "-----BEGIN CERTIFICATE-----\n" \
    "MIICGDCCAYGgAwIBAgIUV6r4xvdLmoCRXtDnf+tBCrM0zUIwDQYJKoZIhvcNAQEL\n" \
    "BQAwHTEbMBkGA1UEAwwSa2luZm9ybWVyLXVuaXQtcnNhMCAXDTI2MTEyODA4NTY0\n" \
    "NVoYDzIxMjYxMTA0MDg1NjQ1WjAdMRswGQYDVQQDDBJraW5mb3JtZXItdW5pdC1y\n" \
    "c2EwgZ8wDQYJKoZIhvcNAQEBBQADgY0AMIGJAoGBAON0hyQkgjVcTkB5sibGlSkc\n" \
    "HgQmIFIy4ZRMni5jHiKUVaaghdp46VeT8weOEM5cZ6psiIH1aRk+9TWN44urM59u\n" \
    "VGBzfA/tFViwklQgSB4zXSllznlxAfjix+jvJ3DXR7muX0D+StgZC5d5m414vEyg\n" \
    "y6yzvF5UW1zJhfbaRWiPAgMBAAGjUzBRMB0GA1UdDgQWBBQ6mhlv0+ms/ZO7TSHg\n" \
    "J/lh98+RPTAfBgNVHSMEGDAWgBQ6mhlv0+ms/ZO7TSHgJ/lh98+RPTAPBgNVHRMB\n" \
    "Af8EBTADAQH/MA0GCSqGSIb3DQEBCwUAA4GBAJtWmhfIn/kIPwcAOgWXsBrvxP38\n" \
    "778KXdveqHiEn2acy1MfljlcBB44bDofXMDpR9ZTGQs7sI6LpqFFEkt7Wouc0Cuc\n" \
    "ZOGI/yloZ6LDrWsR/+h9LCr6RCaiRSG7osD7+uG9WRxHgVvmXf07lN1kOU3Esx8P\n" \
    "waj4qvKV3cSGfXaR\n" \
    "-----END CERTIFICATE-----\n"
#define TEST_RSA_KEY_PEM \
    "-----BEGIN RSA PRIVATE KEY-----\n" \
    "MIICXAIBAAKBgQDjdIckJII1XE5AebImxpUpHB4EJiBSMuGUTJ4uYx4ilFWmoIXa\n" \
    "eOlXk/MHjhDOXGeqbIiB9WkZPvU1jeOLqzOfblRgc3wP7RVYsJJUIEgeM10pZc55\n" \
    "cQH44sfo7ydw10e5rl9A/krYGQuXeZuNeLxMoMuss7xeVFtcyYX22kVojwIDAQAB\n" \
    "AoGAYPZyDeRKZbj92tqGKaWKPMYxvY8LRD9QjsnCvP+f/xnBEZFovmPBBYaamePk\n" \
    "IjSeNLaj0tLthMej/LqKACZxkH3Iz73TisLp0EeUtYcHrgZ4WR+oB1rz27DAKSv3\n" \
    "4+nxLyeQ+OJk8YLPR1qsWX1seM7ZAska4TVeugw6isV3vBECQQD3a/E7lrtddcVk\n" \
    "gjfLU8P2LR6jAF/LTtIRODVxnt7gEiKsb4ijKQloBO/vObcj+LIhL3t6aHs5sFV3\n" \
    "I8cXQd1FAkEA61deK0aLwXKABf4RQ+G0ee+XmTZQAyvOWhymPUDg+MstZ5KntAQj\n" \
    "Uxi0UH38I+zDIlS5HMKTN7KQ6CiwFRe5wwJBAJq5Fr7T0NFuL4Vd5TQyas4Mgycd\n" \
    "ucnyvWzlQI6P8gIfdS1uBf06UVaKF9z6s6s7/3C/N7FhmwWFXrzFU+AYYR0CQCrY\n" \
    "8VA3u+IwkpaEt2gAg/dfY96FQPQS2bMWXD3yvgMOGuosjVP9HOFYMhwlk+6GgNCT\n" \
    "VFCkLGGLpU5feg+dDjkCQBTwpEjC1opzWy2S12KqWblo4kziyxacdUtRYGMNyAOG\n" \
    "CEP21HNZNJF4Tiw9E6bPynmBdTZx3TJJg9nxwVCTRZE=\n" \
    "-----END RSA PRIVATE KEY-----\n"
#define TEST_EC2_KEY_PEM \
    "-----BEGIN PRIVATE KEY-----\n" \
    "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg053s4rrTOy5aBfcQ\n" \
    "HCBgXkkGDZRODiJTxCGZbHD0koKhRANCAAS+aHn7VR14TYyujVMhlnL4+g5kFoIU\n" \
    "CJ1P6Ia3Wu9PNAEm61d1eCE51YmAOYV3OYQIzTR0qhbco4knIzwLTCXy\n" \
    "-----END PRIVATE KEY-----\n"
#define TEST_RSA2_KEY_PEM \
    "-----BEGIN RSA PRIVATE KEY-----\n" \
    "MIICXQIBAAKBgQC2GSYpwqxAZPpgn/wsIdXwvu9yerFAbrjyE3gY5c4JSOr9bLqk\n" \
    "fP+YMUpgSiYevz2DyB1lQcJWrqm0Nkw/3CNfVglVWPbKdp3pHZsBp63rkXNuX7HJ\n" \
    "4drp0rnYgM5GVBzfa0SBctUzAZDexj0/b7g3Rh5CIKVRqARpC+zBn4lejQIDAQAB\n" \
    "AoGAEUCGthQkf6FRe1AM8x1tiHZ+dwkau/EBgqXHjgxPnd+Tq9jeQfE5wfCBjGfZ\n" \
    "/rW9nTubVVmKkO3RVCqExNQVYazq7buZ7z4l017ucm13ApGPklLP0hCCFP1mQTR2\n" \
    "KVatXRpC0MqTp5+34kS0t76KhltrbXdYb6xoSd3gVdJPFJ0CQQDkGMU0uy1vm49G\n" \
    "cosfWKO94uYZxFtTTT/rKpXfAPS7qYwbyujcwjHMscINdFH7Cnu1oesllBaPQuJM\n" \
    "d2EbHpZfAkEAzF/bxxDSlRYpUnxkuYDG/7d1aj7d/UBLd4a97D/IYxxMBzOLFnKR\n" \
    "lIvo3uxzHUJKTnwOTP8MJELFyFCSF0i6kwJBAJ5Vx4ccK6Ue0e0wE/z1deyZNetL\n" \
    "D64aoLUpAZIkwr4GKrkcOFsN/q298xuN1F60Xz2tIWMbkjFuV1KHSAQgTncCQQCf\n" \
    "N06Qlpp3avxmNmKB4cEmFlZynudyFFS2mVH8avRBwhm4wn7ozfh8MUMJ6EsF0E7z\n" \
    "NdIuScO7vAk5NQua+B3hAkB2tgMbYP1TtLLsrBvRnaXKNbCj+s60Fg8WDsNX2ip+\n" \
    "UHk6BKgFKtMumSlUstlmq5p16UmbpwglKE+Zf54onFCx\n" \
    "-----END RSA PRIVATE KEY-----\n"
/* The pair checked (the key matched to the leaf) and taken into an https://
   informer's TLS block; a bad pair leaves the one held. */
static void test_exec_cert(void) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    kinf_engine_t* e;
    kinf__tls* t;
    kinf__drv_cred cr;
    char det[300], big[KINF_TLS_CHAIN_BYTES + 2048];
    const char* why;
    uint64_t sum, now = 1000000;
    size_t i;
    static const struct { const char* cert; const char* key; const char* why; } bad[] = {
        { TEST_CERT_PEM, TEST_EC2_KEY_PEM, "is not the key" },
        { TEST_RSA_CERT_PEM, TEST_KEY_PEM, "is not the key" },
        { TEST_RSA_CERT_PEM, TEST_RSA2_KEY_PEM, "is not the key" },  /* another RSA key: the moduli differ */
        { TEST_CERT_PEM, TEST_RSA_KEY_PEM, "is not the key" },
        { TEST_RSA_CERT_PEM, TEST_EC2_KEY_PEM, "is not the key" },
        { "not PEM at all\n", TEST_KEY_PEM, "no PEM certificate" },
        { TEST_KEY_PEM, TEST_KEY_PEM, "no PEM certificate" },
        { "-----BEGIN CERTIFICATE-----\nTm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n", TEST_KEY_PEM, "does not parse" },
        { TEST_CERT_PEM, TEST_CERT_PEM, "not one PEM RSA or EC key" },
        { TEST_CERT_PEM, TEST_KEY_PEM TEST_KEY_PEM, "not one PEM RSA or EC key" },
        { TEST_CERT_PEM, "-----BEGIN PRIVATE KEY-----\nTm90IGEga2V5\n-----END PRIVATE KEY-----\n", "not one PEM RSA or EC key" },
        { TEST_CERT_PEM, TEST_KEY_PEM "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49\n", "clientKeyData" }, /* a key, then one with no END */
    };
    g_test = "exec_cert";
    /* the check: matching pairs, RSA and EC; each bad pair's reason */
    CHECK(kinf__tls_client_check(TEST_CERT_PEM, strlen(TEST_CERT_PEM), TEST_KEY_PEM, strlen(TEST_KEY_PEM), &why));
    CHECK(kinf__tls_client_check(TEST_RSA_CERT_PEM, strlen(TEST_RSA_CERT_PEM), TEST_RSA_KEY_PEM, strlen(TEST_RSA_KEY_PEM), &why));
    for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        why = "";
        if (!CHECK(!kinf__tls_client_check(bad[i].cert, strlen(bad[i].cert), bad[i].key, strlen(bad[i].key), &why) && strstr(why, bad[i].why) != 0)) {
            note("bad pair %zu: %s", i, why);
        }
    }
    /* a chain over KINF_TLS_CHAIN_BYTES */
    big[0] = 0;
    while (strlen(big) + strlen(TEST_CERT_PEM) < sizeof(big)) { strcat(big, TEST_CERT_PEM); }
    CHECK(!kinf__tls_client_check(big, strlen(big), TEST_KEY_PEM, strlen(TEST_KEY_PEM), &why) && strstr(why, "KINF_TLS_") != 0);
    /* taken by an https:// informer: no pair at first, then the plugin's */
    desc_base(&d);
    d.server = "https://127.0.0.1:1"; d.ca_data = TEST_CERT_PEM; d.ca_len = strlen(TEST_CERT_PEM);
    d.max_objects = 16; d.store_bytes = 1 << 14;
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    e = kinf_informer_engine(inf);
    t = (kinf__tls*)e->tls;
    if (!CHECK(t != 0)) { rm(inf); return; }
    CHECK(t->ld.nchain == 0 && t->client_sum == 0);
    kinf_engine_set_token(e, "old", now);
    memset(&cr, 0, sizeof(cr));
    cr.cert = TEST_CERT_PEM; cr.cert_len = strlen(TEST_CERT_PEM); cr.key = TEST_KEY_PEM; cr.key_len = strlen(TEST_KEY_PEM);
    log_reset();
    CHECK_INT(kinf__drv_exec_take(e, &cr, now, det, sizeof(det)), KINF_LOGITEM_OK);
    CHECK(t->ld.nchain == 1 && t->ld.have_key == BR_KEYTYPE_EC && t->client_sum != 0);
    CHECK(e->token[0] == 0);                              /* a certificate alone: the old token is not sent */
    sum = t->client_sum;
    /* both: the token too; the RSA pair replaces the EC one */
    cr.token = "tok-2";
    cr.cert = TEST_RSA_CERT_PEM; cr.cert_len = strlen(TEST_RSA_CERT_PEM); cr.key = TEST_RSA_KEY_PEM; cr.key_len = strlen(TEST_RSA_KEY_PEM);
    CHECK_INT(kinf__drv_exec_take(e, &cr, now, det, sizeof(det)), KINF_LOGITEM_OK);
    CHECK(t->ld.nchain == 1 && t->ld.have_key == BR_KEYTYPE_RSA && t->client_sum != sum && !strcmp(e->token, "tok-2"));
    sum = t->client_sum;
    /* a bad pair: EXEC_BAD_CERT, the pair and the token held are kept */
    cr.token = "tok-3"; cr.key = TEST_EC2_KEY_PEM; cr.key_len = strlen(TEST_EC2_KEY_PEM);
    det[0] = 0;
    CHECK_INT(kinf__drv_exec_take(e, &cr, now, det, sizeof(det)), KINF_LOGITEM_EXEC_BAD_CERT);
    CHECK(strstr(det, "is not the key") != 0);
    CHECK(t->ld.nchain == 1 && t->ld.have_key == BR_KEYTYPE_RSA && t->client_sum == sum && !strcmp(e->token, "tok-2"));
    CHECK_INT(g_nitems, 0);                               /* the take logs nothing; kinf__drv_exec does */
    rm(inf);
}
#endif
