/* >>tls  BearSSL over the same non-blocking socket. Its context, trust
   anchors, client chain and key, and the record buffers live in the caller's
   memory (KINF_TLS_BYTES, reserved only for https:// servers). */
#ifdef KINF_TLS_BEARSSL
#define KINF__TLS_EE_BYTES 8192
typedef struct kinf__xwrap {
    const br_x509_class* vtable;
    struct kinf__tls* t;
} kinf__xwrap;
/* Loading PEM: the decoders and what was taken. The objects go into the TLS
   block blk; kinf_check's loader has none, and decodes and counts only. */
typedef struct kinf__tls_ld {
    br_x509_decoder_context xd;
    br_skey_decoder_context sk;
    br_pem_decoder_context pem;
    struct kinf__tls* blk;
    size_t nta, nchain, alen, clen, obj_start;
    size_t max_cas, anchor_cap;   /* the trust store's bounds (desc.tls_max_cas, tls_anchor_bytes) */
    int obj_over, have_key;
} kinf__tls_ld;
typedef struct kinf__tls {
    br_ssl_client_context cc;
    br_x509_minimal_context xc;
    kinf__xwrap xw;
    kinf__tls_ld ld;
    br_x509_trust_anchor* ta;     /* tls_max_cas of them, after the struct */
    br_x509_certificate chain[KINF_TLS_MAX_CHAIN];
    size_t ee_len;
    int64_t (*time_fn)(void* user);  /* desc.tls_time, or 0: the system clock */
    void* time_user;
    int insecure, check_ip, iplen, cert_idx, ee_over, rx_bytes, handshaken;
    uint64_t client_sum;          /* the exec plugin's pair held (kinf__tls_client_sum), 0: none */
    unsigned char ip[16];
    unsigned char rx_head[5];
    char sni[256];
    unsigned char* anchors;       /* tls_anchor_bytes: the anchors' names and keys, after ta */
    unsigned char chainbuf[KINF_TLS_CHAIN_BYTES];
    unsigned char ee[KINF__TLS_EE_BYTES];
    unsigned char iobuf[BR_SSL_BUFSIZE_BIDI];
} kinf__tls;
/* The block: the struct, then the trust store, sized by the connection's
   desc (the defaults applied): tls_max_cas anchors and tls_anchor_bytes for
   their names and keys. At the defaults it fits KINF_TLS_BYTES, and each
   anchor slot fits KINF_TLS_ANCHOR_SLOT_BYTES (KINF_TLS_BYTES_FOR). */
typedef char kinf__tls_fits[(((sizeof(kinf__tls) + 7u) & ~(size_t)7u) + KINF_TLS_MAX_CAS * sizeof(br_x509_trust_anchor) +
                             KINF_TLS_ANCHOR_BYTES + 16 <= KINF_TLS_BYTES && sizeof(br_x509_trust_anchor) <= KINF_TLS_ANCHOR_SLOT_BYTES) ? 1 : -1];
static size_t kinf__tls_size(const kinf_conn_desc_t* d) {
    return kinf__align8(sizeof(kinf__tls)) + kinf__align8((size_t)d->tls_max_cas * sizeof(br_x509_trust_anchor)) + kinf__align8(d->tls_anchor_bytes);
}

/* DER: reads one TLV at p[*off..n); definite lengths up to 3 bytes */
static int kinf__der(const unsigned char* p, size_t n, size_t* off, unsigned* tag, const unsigned char** v, size_t* vl) {
    size_t o = *off, len;
    if (o + 2 > n) { return 0; }
    *tag = p[o++];
    len = p[o++];
    if (len & 0x80u) {
        size_t k = len & 0x7fu, i;
        if (k == 0 || k > 3 || o + k > n) { return 0; }
        for (len = 0, i = 0; i < k; i++) { len = (len << 8) | p[o++]; }
    }
    if (len > n - o) { return 0; }
    *v = p + o; *vl = len; *off = o + len;
    return 1;
}
/* does the certificate's subjectAltName hold this IP address? */
static int kinf__cert_has_ip(const unsigned char* cert, size_t n, const unsigned char* ip, int iplen) {
    static const unsigned char san_oid[] = { 0x55, 0x1d, 0x11 };
    const unsigned char *c, *tbs, *v;
    size_t cl, tl, vl, o = 0;
    unsigned tag;
    if (!kinf__der(cert, n, &o, &tag, &c, &cl) || tag != 0x30) { return 0; }
    o = 0;
    if (!kinf__der(c, cl, &o, &tag, &tbs, &tl) || tag != 0x30) { return 0; }
    o = 0;
    while (kinf__der(tbs, tl, &o, &tag, &v, &vl)) {
        const unsigned char* ext;
        size_t el, eo = 0, xo;
        if (tag != 0xa3) { continue; }
        if (!kinf__der(v, vl, &eo, &tag, &ext, &el) || tag != 0x30) { return 0; }
        xo = 0;
        while (kinf__der(ext, el, &xo, &tag, &v, &vl)) {
            const unsigned char *f, *gn;
            size_t fl, fo = 0, gl, go = 0;
            if (tag != 0x30 || !kinf__der(v, vl, &fo, &tag, &f, &fl) || tag != 0x06 || fl != 3 || memcmp(f, san_oid, 3) != 0) { continue; }
            if (!kinf__der(v, vl, &fo, &tag, &f, &fl)) { return 0; }
            if (tag == 0x01 && !kinf__der(v, vl, &fo, &tag, &f, &fl)) { return 0; }
            if (tag != 0x04 || !kinf__der(f, fl, &go, &tag, &gn, &gl) || tag != 0x30) { return 0; }
            go = 0;
            while (kinf__der(gn, gl, &go, &tag, &f, &fl)) {
                if (tag == 0x87 && fl == (size_t)iplen && !memcmp(f, ip, fl)) { return 1; }
            }
            return 0;
        }
        return 0;
    }
    return 0;
}

/* The X.509 engine: BearSSL's minimal validator, wrapped to keep the
   end-entity certificate (for the IP SAN check BearSSL does not do, and for
   insecure mode, which takes the key without validating anything). */
static kinf__tls* kinf__xw_t(const br_x509_class** ctx) { return ((kinf__xwrap*)(void*)ctx)->t; }
static void kinf__xw_start_chain(const br_x509_class** ctx, const char* server_name) {
    kinf__tls* t = kinf__xw_t(ctx);
    t->cert_idx = 0; t->ee_len = 0; t->ee_over = 0;
    if (!t->insecure) { t->xc.vtable->start_chain(&t->xc.vtable, server_name); }
}
static void kinf__xw_start_cert(const br_x509_class** ctx, uint32_t length) {
    kinf__tls* t = kinf__xw_t(ctx);
    if (!t->insecure) { t->xc.vtable->start_cert(&t->xc.vtable, length); }
}
static void kinf__xw_append(const br_x509_class** ctx, const unsigned char* buf, size_t len) {
    kinf__tls* t = kinf__xw_t(ctx);
    if (t->cert_idx == 0) {
        if (len > sizeof(t->ee) - t->ee_len) { t->ee_over = 1; }
        else { memcpy(t->ee + t->ee_len, buf, len); t->ee_len += len; }
    }
    if (!t->insecure) { t->xc.vtable->append(&t->xc.vtable, buf, len); }
}
static void kinf__xw_end_cert(const br_x509_class** ctx) {
    kinf__tls* t = kinf__xw_t(ctx);
    t->cert_idx++;
    if (!t->insecure) { t->xc.vtable->end_cert(&t->xc.vtable); }
}
static unsigned kinf__xw_end_chain(const br_x509_class** ctx) {
    kinf__tls* t = kinf__xw_t(ctx);
    unsigned r;
    if (t->insecure) {
        if (t->ee_over || t->ee_len == 0) { return BR_ERR_X509_TRUNCATED; }
        br_x509_decoder_init(&t->ld.xd, 0, 0);
        br_x509_decoder_push(&t->ld.xd, t->ee, t->ee_len);
        return br_x509_decoder_get_pkey(&t->ld.xd) ? 0u : (unsigned)br_x509_decoder_last_error(&t->ld.xd);
    }
    r = t->xc.vtable->end_chain(&t->xc.vtable);
    if (r == 0 && t->check_ip && (t->ee_over || !kinf__cert_has_ip(t->ee, t->ee_len, t->ip, t->iplen))) { r = BR_ERR_X509_BAD_SERVER_NAME; }
    return r;
}
static const br_x509_pkey* kinf__xw_get_pkey(const br_x509_class* const* ctx, unsigned* usages) {
    kinf__tls* t = ((const kinf__xwrap*)(const void*)ctx)->t;
    if (t->insecure) {
        if (usages) { *usages = BR_KEYTYPE_KEYX | BR_KEYTYPE_SIGN; }
        return br_x509_decoder_get_pkey(&t->ld.xd);
    }
    return t->xc.vtable->get_pkey(&t->xc.vtable, usages);
}
static const br_x509_class kinf__xw_vtable = {
    sizeof(kinf__xwrap), kinf__xw_start_chain, kinf__xw_start_cert, kinf__xw_append,
    kinf__xw_end_cert, kinf__xw_end_chain, kinf__xw_get_pkey
};

/* PEM objects into anchors, the client chain, or the client key (in the
   block; with no block, only their sizes are counted against the caps) */
enum { KINF__PEM_CA = 0, KINF__PEM_CHAIN, KINF__PEM_KEY };
static void kinf__tls_dn(void* ctx, const void* buf, size_t len) {
    kinf__tls_ld* t = (kinf__tls_ld*)ctx;
    if (len > t->anchor_cap - t->alen) { t->obj_over = 1; return; }
    if (t->blk) { memcpy(t->blk->anchors + t->alen, buf, len); }
    t->alen += len;
}
static void kinf__tls_x509_push(void* ctx, const void* buf, size_t len) {
    kinf__tls_ld* t = (kinf__tls_ld*)ctx;
    if (t->xd.err == 0) { br_x509_decoder_push(&t->xd, buf, len); } /* BearSSL 0.6 must not be fed after an error */
}
static void kinf__tls_key_push(void* ctx, const void* buf, size_t len) {
    kinf__tls_ld* t = (kinf__tls_ld*)ctx;
    if (t->sk.err == 0) { br_skey_decoder_push(&t->sk, buf, len); }
}
static void kinf__tls_chain_push(void* ctx, const void* buf, size_t len) {
    kinf__tls_ld* t = (kinf__tls_ld*)ctx;
    if (t->nchain == 0) { kinf__tls_x509_push(ctx, buf, len); } /* the leaf, decoded for its public key */
    if (len > KINF_TLS_CHAIN_BYTES - t->clen) { t->obj_over = 1; return; }
    if (t->blk) { memcpy(t->blk->chainbuf + t->clen, buf, len); }
    t->clen += len;
}
static int kinf__tls_keep(kinf__tls_ld* t, const void* src, size_t len, unsigned char** out) {
    if (len > t->anchor_cap - t->alen) { t->obj_over = 1; return 0; }
    *out = 0;
    if (t->blk) { memcpy(t->blk->anchors + t->alen, src, len); *out = t->blk->anchors + t->alen; }
    t->alen += len;
    return 1;
}
static int kinf__tls_pem_begin(kinf__tls_ld* t, int kind, const char* name) {
    int cert = !strcmp(name, "CERTIFICATE") || !strcmp(name, "X509 CERTIFICATE") || !strcmp(name, "TRUSTED CERTIFICATE");
    if (kind == KINF__PEM_CA && cert) {
        if (t->nta >= t->max_cas) { t->obj_over = 1; return 0; }
        t->obj_start = t->alen;
        br_x509_decoder_init(&t->xd, kinf__tls_dn, t);
        br_pem_decoder_setdest(&t->pem, kinf__tls_x509_push, t);
        return 1;
    }
    if (kind == KINF__PEM_CHAIN && cert) {
        if (t->nchain >= KINF_TLS_MAX_CHAIN) { t->obj_over = 1; return 0; }
        t->obj_start = t->clen;
        if (t->nchain == 0) { br_x509_decoder_init(&t->xd, 0, 0); }
        br_pem_decoder_setdest(&t->pem, kinf__tls_chain_push, t);
        return 1;
    }
    if (kind == KINF__PEM_KEY && (!strcmp(name, "RSA PRIVATE KEY") || !strcmp(name, "EC PRIVATE KEY") || !strcmp(name, "PRIVATE KEY"))) {
        br_skey_decoder_init(&t->sk);
        br_pem_decoder_setdest(&t->pem, kinf__tls_key_push, t);
        return 1;
    }
    br_pem_decoder_setdest(&t->pem, 0, 0); /* other objects (EC PARAMETERS, ...) are skipped */
    return 0;
}
/* returns 1 if the object was taken, 0 if it is bad */
static int kinf__tls_pem_end(kinf__tls_ld* t, int kind) {
    if (t->obj_over) { return 0; }
    if (kind == KINF__PEM_CA) {
        br_x509_trust_anchor counted; /* with no block: filled in and dropped */
        br_x509_trust_anchor* ta = t->blk ? &t->blk->ta[t->nta] : &counted;
        const br_x509_pkey* pk = br_x509_decoder_get_pkey(&t->xd);
        if (!pk) { return 0; }
        ta->dn.data = t->blk ? t->blk->anchors + t->obj_start : 0;
        ta->dn.len = t->alen - t->obj_start;
        ta->flags = br_x509_decoder_isCA(&t->xd) ? BR_X509_TA_CA : 0;
        ta->pkey.key_type = pk->key_type;
        if (pk->key_type == BR_KEYTYPE_RSA) {
            if (!kinf__tls_keep(t, pk->key.rsa.n, pk->key.rsa.nlen, &ta->pkey.key.rsa.n) ||
                !kinf__tls_keep(t, pk->key.rsa.e, pk->key.rsa.elen, &ta->pkey.key.rsa.e)) { return 0; }
            ta->pkey.key.rsa.nlen = pk->key.rsa.nlen; ta->pkey.key.rsa.elen = pk->key.rsa.elen;
        } else if (pk->key_type == BR_KEYTYPE_EC) {
            if (!kinf__tls_keep(t, pk->key.ec.q, pk->key.ec.qlen, &ta->pkey.key.ec.q)) { return 0; }
            ta->pkey.key.ec.qlen = pk->key.ec.qlen; ta->pkey.key.ec.curve = pk->key.ec.curve;
        } else {
            return 0;
        }
        t->nta++;
        return 1;
    }
    if (kind == KINF__PEM_CHAIN) {
        if (t->clen == t->obj_start) { return 0; }
        if (t->blk) {
            t->blk->chain[t->nchain].data = t->blk->chainbuf + t->obj_start;
            t->blk->chain[t->nchain].data_len = t->clen - t->obj_start;
        }
        t->nchain++;
        return 1;
    }
    if (br_skey_decoder_last_error(&t->sk) != 0) { return 0; }
    t->have_key = br_skey_decoder_key_type(&t->sk);
    return t->have_key != 0;
}
/* Loads PEM from a file (read in small pieces) or from memory. Returns the
   number of objects taken, or -1 on a bad object / size cap / unreadable file. */
static int kinf__tls_pem_load(kinf__tls_ld* t, const char* file, const void* data, size_t len, int kind, int* too_large) {
    unsigned char buf[512];
    unsigned char crlf[512];
    int fd = -1, taken = 0, in_obj = 0, bad = 0, done = 0;
    const unsigned char* p = (const unsigned char*)data;
    br_pem_decoder_init(&t->pem);
    t->obj_over = 0;
    if (file && file[0]) {
        fd = open(file, O_RDONLY);
        if (fd < 0) { return -1; }
    }
    while (!done && !bad) {
        const unsigned char* chunk;
        size_t n;
        if (fd >= 0) {
            ssize_t r = read(fd, buf, sizeof(buf) - 1);
            if (r < 0 && errno == EINTR) { continue; }
            if (r < 0) { bad = 1; break; }
            if (r == 0) { buf[0] = '\n'; n = 1; done = 1; } else { n = (size_t)r; }
            chunk = buf;
        } else {
            if (len) { n = len < sizeof(buf) ? len : sizeof(buf); memcpy(buf, p, n); p += n; len -= n; chunk = buf; }
            else { chunk = (const unsigned char*)"\n"; n = 1; done = 1; }
        }
        {   /* CRLF files: BearSSL 0.6 would read "NAME-----\r" as the object name */
            size_t i, o = 0;
            for (i = 0; i < n; i++) { if (chunk[i] != '\r') { crlf[o++] = chunk[i]; } }
            chunk = crlf; n = o;
        }
        while (n > 0 && !bad) {
            size_t used = br_pem_decoder_push(&t->pem, chunk, n);
            chunk += used; n -= used;
            switch (br_pem_decoder_event(&t->pem)) {
            case BR_PEM_BEGIN_OBJ: in_obj = kinf__tls_pem_begin(t, kind, br_pem_decoder_name(&t->pem)); if (t->obj_over) { bad = 1; } break;
            case BR_PEM_END_OBJ: if (in_obj) { if (kinf__tls_pem_end(t, kind)) { taken++; } else { bad = 1; } } in_obj = 0; break;
            case BR_PEM_ERROR: bad = 1; break;
            default: break;
            }
        }
    }
    if (fd >= 0) { close(fd); }
    if (in_obj) { bad = 1; } /* an object with no END line: never half a key */
    memset(buf, 0, sizeof(buf));
    memset(crlf, 0, sizeof(crlf));
    *too_large = t->obj_over;
    return bad ? -1 : taken;
}

static void kinf__tls_fail_item(kinf_engine_t* c, kinf__tls* t, int err) {
    char num[21];
    uint32_t item = KINF_LOGITEM_TLS_HANDSHAKE_FAILED;
    /* a TLS record starts with a content type 20..24; "HTTP/" or an HTML
       page is a plain-HTTP server */
    if (t->rx_bytes >= 1 && !t->handshaken && (t->rx_head[0] < 20 || t->rx_head[0] > 24)) { item = KINF_LOGITEM_TLS_PLAINTEXT_SERVER; }
    else if (err == BR_ERR_X509_NOT_TRUSTED) { item = KINF_LOGITEM_TLS_UNTRUSTED; }
    else if (err == BR_ERR_X509_BAD_SERVER_NAME) { item = KINF_LOGITEM_TLS_BAD_NAME; }
    else if (err == BR_ERR_X509_EXPIRED) { item = KINF_LOGITEM_TLS_EXPIRED; }
    else if (err >= BR_ERR_RECV_FATAL_ALERT && err < BR_ERR_SEND_FATAL_ALERT && !t->handshaken) {
        int alert = err - BR_ERR_RECV_FATAL_ALERT;
        /* bad_certificate .. certificate_unknown, unknown_ca, access_denied, certificate_required */
        if ((alert >= 42 && alert <= 46) || alert == 48 || alert == 49 || alert == 116 || (alert == 40 && t->ld.have_key)) {
            item = KINF_LOGITEM_TLS_CLIENT_CERT_REJECTED;
            if (c->exec) { c->token_due = 1; } /* the plugin runs again for another certificate */
        }
    }
    {
        char d[64];
        d[0] = 0;
        kinf__cat(d, sizeof(d), " (BearSSL error ");
        kinf__cat(d, sizeof(d), kinf__utoa(num, (uint64_t)(err < 0 ? 0 : err)));
        kinf__cat(d, sizeof(d), ")");
        kinf__conn_log(c, KINF_LOG_ERROR, item, c->host, d, __LINE__);
    }
}
/* Moves records between the engine and the socket as far as it can now.
   Returns 0, -1 at a clean close, -2 on an error (logged). */
static int kinf__tls_pump(kinf_engine_t* c, int want_read) {
    kinf__tls* t = (kinf__tls*)c->tls;
    br_ssl_engine_context* e = &t->cc.eng;
    int i;
    for (i = 0; i < 64; i++) {
        unsigned st = br_ssl_engine_current_state(e);
        if (st == BR_SSL_CLOSED) {
            int err = br_ssl_engine_last_error(e);
            if (err == BR_ERR_OK && t->handshaken) { return -1; }
            kinf__tls_fail_item(c, t, err);
            return -2;
        }
        if ((st & BR_SSL_SENDAPP) || (st & BR_SSL_RECVAPP)) { t->handshaken = 1; }
        if (st & BR_SSL_SENDREC) {
            size_t len;
            unsigned char* b = br_ssl_engine_sendrec_buf(e, &len);
            ssize_t w = send(c->sock.fd, b, len, KINF__SEND_FLAGS);
            if (w > 0) { br_ssl_engine_sendrec_ack(e, (size_t)w); c->bytes_written += (uint64_t)w; continue; }
            if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) { return 0; }
            /* a reset in the handshake often hides the server's alert */
            if (!t->handshaken) { kinf__tls_fail_item(c, t, br_ssl_engine_last_error(e)); } else { KINF__CERR(c, IO_ERROR, "send", 0); }
            return -2;
        }
        if ((st & BR_SSL_RECVREC) && !(st & BR_SSL_RECVAPP) && (want_read || !t->handshaken)) {
            size_t len;
            unsigned char* b = br_ssl_engine_recvrec_buf(e, &len);
            ssize_t r = recv(c->sock.fd, b, len, 0);
            if (r > 0) {
                int k;
                for (k = 0; k < r && t->rx_bytes < 5; k++) { t->rx_head[t->rx_bytes++] = b[k]; }
                br_ssl_engine_recvrec_ack(e, (size_t)r);
                c->bytes_read += (uint64_t)r;
                continue;
            }
            if (r == 0) {
                if (!t->handshaken) { kinf__tls_fail_item(c, t, BR_ERR_IO); return -2; }
                return -1;
            }
            if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return 0; }
            if (!t->handshaken) { kinf__tls_fail_item(c, t, br_ssl_engine_last_error(e)); } else { KINF__CERR(c, IO_ERROR, "recv", 0); }
            return -2;
        }
        return 0;
    }
    return 0;
}
/* BearSSL's validation time from Unix seconds: days since 0000-01-01 in the
   proleptic Gregorian calendar (1970-01-01 is day 719528) and seconds since
   midnight. 0 for no time: 0 or less (unknown), or past the year 9999. */
static int kinf__tls_date(int64_t t, uint32_t* days, uint32_t* secs) {
    if (t <= 0 || t > INT64_C(253402300799)) { return 0; }
    *days = (uint32_t)(t / 86400) + 719528u;
    *secs = (uint32_t)(t % 86400);
    return 1;
}
/* BearSSL left alone would call time(), which is 32 bits on i686, armhf,
   mips and ppc unless the program is built with _TIME_BITS=64: its
   certificate checks would break in 2038. */
static int64_t kinf__tls_system_time(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_REALTIME, &ts) != 0) { return 0; } /* glibc's 32-bit time_t after 2038: EOVERFLOW */
    if (sizeof(ts.tv_sec) < 8) { return (int64_t)(uint32_t)ts.tv_sec; } /* a libc whose 32 bits wrap: right until 2106 */
    return (int64_t)ts.tv_sec;
}
/* Starts the handshake on a new connection. 0 when there is no time to check
   the server's certificate against (logged). */
static int kinf__tls_connect(kinf_engine_t* c) {
    kinf__tls* t = (kinf__tls*)c->tls;
    t->rx_bytes = 0; t->handshaken = 0;
    if (t->insecure) { KINF__CWARN(c, TLS_INSECURE, c->host, 0); }
    else {
        uint32_t days, secs;
        if (!kinf__tls_date(t->time_fn ? t->time_fn(t->time_user) : kinf__tls_system_time(), &days, &secs)) {
            KINF__CERR(c, TLS_NO_CLOCK, c->host, t->time_fn ? " (desc.tls_time gave none)" :
                      " (the system clock cannot be read: a 32-bit time_t after 2038? build with -D_TIME_BITS=64 or set desc.tls_time)");
            return 0;
        }
        br_x509_minimal_set_time(&t->xc, days, secs);
    }
    br_ssl_client_reset(&t->cc, t->sni[0] ? t->sni : 0, 0);
    return 1;
}
static unsigned kinf__tls_wants(kinf_engine_t* c, int want_read) {
    kinf__tls* t = (kinf__tls*)c->tls;
    unsigned st = br_ssl_engine_current_state(&t->cc.eng), w = 0;
    if (st & BR_SSL_SENDREC) { w |= KINF_WANT_WRITE; }
    if ((st & BR_SSL_RECVREC) && !(st & BR_SSL_RECVAPP) && (want_read || !t->handshaken)) { w |= KINF_WANT_READ; }
    if ((st & BR_SSL_SENDAPP) && !want_read) { w |= KINF_WANT_WRITE; }
    return w;
}
static int kinf__tls_app_pending(kinf_engine_t* c) {
    return (br_ssl_engine_current_state(&((kinf__tls*)c->tls)->cc.eng) & BR_SSL_RECVAPP) != 0;
}
/* Clears the TLS block at `at`; returns its loader, which loads into it. */
static void* kinf__tls_block(void* at) {
    kinf__tls* t = (kinf__tls*)at;
    memset(t, 0, sizeof(*t));
    t->ld.blk = t;
    return &t->ld;
}
/* the name checked: tls_server_name, else the URL's host */
static const char* kinf__tls_name(const kinf_conn_desc_t* d, const char* host) {
    return (d->tls_server_name && d->tls_server_name[0]) ? d->tls_server_name : host;
}
/* kinf_init's TLS checks (from kinf__setup_check): loads the CA bundle, the
   client chain and key as desc names them (with a loader that has no block:
   decodes and counts only), and the name to verify. 1, or 0 with w set. */
static int kinf__tls_load(void* loader, const kinf_conn_desc_t* d, const char* host, kinf__why* w) {
    kinf__tls_ld* t = (kinf__tls_ld*)loader;
    unsigned char ip[16];
    const char* name = kinf__tls_name(d, host);
    int n, big = 0;
    t->max_cas = (size_t)d->tls_max_cas; t->anchor_cap = d->tls_anchor_bytes;
    if (t->blk) { /* the trust store after the struct, as kinf__tls_size counts it */
        t->blk->ta = (br_x509_trust_anchor*)(void*)((unsigned char*)t->blk + kinf__align8(sizeof(kinf__tls)));
        t->blk->anchors = (unsigned char*)t->blk->ta + kinf__align8(t->max_cas * sizeof(br_x509_trust_anchor));
    }
    if (!d->insecure_skip_tls_verify) {
        if (!(d->ca_file && d->ca_file[0]) && !(d->ca_data && d->ca_len)) { return KINF__REFUSE(w, TLS_NO_CA, 0, 0); }
        n = kinf__tls_pem_load(t, d->ca_file, d->ca_data, d->ca_len, KINF__PEM_CA, &big);
        if (n <= 0) {
            if (big && t->nta >= t->max_cas) { return KINF__REFUSE(w, TLS_TOO_LARGE, "CA bundle: more certificates than desc.tls_max_cas", " (kinf_ca_bundle_size measures a bundle)"); }
            if (big) { return KINF__REFUSE(w, TLS_TOO_LARGE, "CA bundle: its names and keys exceed desc.tls_anchor_bytes", " (kinf_ca_bundle_size measures a bundle)"); }
            return KINF__REFUSE(w, TLS_BAD_CA, d->ca_file ? d->ca_file : "ca_data", 0);
        }
    }
    if ((d->client_cert_file && d->client_cert_file[0]) || (d->client_cert_data && d->client_cert_len)) {
        n = kinf__tls_pem_load(t, d->client_cert_file, d->client_cert_data, d->client_cert_len, KINF__PEM_CHAIN, &big);
        if (n <= 0) { return big ? KINF__REFUSE(w, TLS_TOO_LARGE, "client chain", 0) : KINF__REFUSE(w, TLS_BAD_CLIENT_CERT, d->client_cert_file, 0); }
        n = kinf__tls_pem_load(t, d->client_key_file, d->client_key_data, d->client_key_len, KINF__PEM_KEY, &big);
        if (n != 1) { return KINF__REFUSE(w, TLS_BAD_CLIENT_KEY, d->client_key_file, 0); }
    } else if ((d->client_key_file && d->client_key_file[0]) || (d->client_key_data && d->client_key_len)) {
        return KINF__REFUSE(w, TLS_BAD_CLIENT_CERT, "a client key without a certificate", 0);
    }
    if (inet_pton(AF_INET, name, ip) != 1 && inet_pton(AF_INET6, name, ip) != 1 && !kinf__fits(name, sizeof(((kinf__tls*)0)->sni))) {
        return KINF__REFUSE(w, CONFIG_TOO_LONG, "tls_server_name", 0);
    }
    return 1;
}
/* the client chain and key in the loader's block, if any, for the handshakes to come */
static void kinf__tls_client_auth(kinf__tls* t) {
    if (t->ld.nchain && t->ld.have_key == BR_KEYTYPE_RSA) {
        br_ssl_client_set_single_rsa(&t->cc, t->chain, t->ld.nchain, br_skey_decoder_get_rsa(&t->ld.sk), br_rsa_pkcs1_sign_get_default());
    } else if (t->ld.nchain) {
        br_ssl_client_set_single_ec(&t->cc, t->chain, t->ld.nchain, br_skey_decoder_get_ec(&t->ld.sk), BR_KEYTYPE_SIGN, 0,
                                    br_ec_get_default(), br_ecdsa_sign_asn1_get_default());
    }
}
/* Sets the TLS engine up over what kinf__tls_load put in the block: trust
   anchors, client chain and key, the name to verify. */
static void kinf__tls_init(kinf_engine_t* c, const kinf_conn_desc_t* d) {
    kinf__tls* t = (kinf__tls*)c->tls;
    const char* name = kinf__tls_name(d, c->host);
    t->insecure = d->insecure_skip_tls_verify != 0;
    t->time_fn = d->tls_time; t->time_user = d->tls_time_user;
    br_ssl_client_init_full(&t->cc, &t->xc, t->ta, t->ld.nta);
    br_ssl_engine_set_versions(&t->cc.eng, BR_TLS12, BR_TLS12);
    t->xw.vtable = &kinf__xw_vtable;
    t->xw.t = t;
    br_ssl_engine_set_x509(&t->cc.eng, &t->xw.vtable);
    br_ssl_engine_set_buffer(&t->cc.eng, t->iobuf, sizeof(t->iobuf), 1);
    kinf__tls_client_auth(t);
    /* an IP address is checked against the SAN's IP entries and sent with no SNI */
    if (inet_pton(AF_INET, name, t->ip) == 1) { t->check_ip = 1; t->iplen = 4; }
    else if (inet_pton(AF_INET6, name, t->ip) == 1) { t->check_ip = 1; t->iplen = 16; }
    else { kinf__strlcpy(t->sni, name, sizeof(t->sni)); }
}
#ifndef KINF_NO_EXEC
/* >>tls exec  a client certificate and key an exec credential plugin gave
   (PEM, as a kubeconfig's client-certificate-data and client-key-data):
   checked whole on the side first, so that a bad pair leaves the one held
   untouched, then taken into the block's chain (KINF_TLS_MAX_CHAIN,
   KINF_TLS_CHAIN_BYTES) and key, which every handshake from then on sends. */
/* does the leaf's public key (t->xd) belong to the private key (t->sk)? */
static int kinf__tls_key_matches(kinf__tls_ld* t) {
    const br_x509_pkey* pk = br_x509_decoder_get_pkey(&t->xd);
    if (!pk) { return 0; }
    if (t->have_key == BR_KEYTYPE_RSA && pk->key_type == BR_KEYTYPE_RSA) {
        unsigned char n[512]; /* 4096 bits, BearSSL's largest */
        const unsigned char* pn = pk->key.rsa.n;
        size_t nl, pl = pk->key.rsa.nlen, o = 0;
        br_rsa_compute_modulus mod = br_rsa_compute_modulus_get_default();
        const br_rsa_private_key* sk = br_skey_decoder_get_rsa(&t->sk);
        nl = sk ? mod(0, sk) : 0;
        if (nl == 0 || nl > sizeof(n) || mod(n, sk) != nl) { return 0; }
        while (o < nl && n[o] == 0) { o++; }
        while (pl && *pn == 0) { pn++; pl--; }
        return pl == nl - o && !memcmp(pn, n + o, pl);
    }
    if (t->have_key == BR_KEYTYPE_EC && pk->key_type == BR_KEYTYPE_EC) {
        unsigned char q[BR_EC_KBUF_PUB_MAX_SIZE];
        br_ec_public_key pub;
        const br_ec_private_key* sk = br_skey_decoder_get_ec(&t->sk);
        size_t ql = sk && sk->curve == pk->key.ec.curve ? br_ec_compute_pub(br_ec_get_default(), &pub, q, sk) : 0;
        return ql && ql == pk->key.ec.qlen && !memcmp(q, pk->key.ec.q, ql);
    }
    return 0;
}
/* 1 when cert (a PEM chain, the leaf first) and key (one PEM RSA or EC key,
   the leaf's) can be taken; else 0 and *why says what is wrong. Decodes
   with a loader of its own that keeps nothing but the leaf's key. */
static int kinf__tls_client_check(const char* cert, size_t cl, const char* key, size_t kl, const char** why) {
    kinf__tls_ld v;
    int n, big = 0, ok = 0;
    memset(&v, 0, sizeof(v));
    n = kinf__tls_pem_load(&v, 0, cert, cl, KINF__PEM_CHAIN, &big);
    if (n <= 0) { *why = big ? "the certificate chain exceeds KINF_TLS_MAX_CHAIN or KINF_TLS_CHAIN_BYTES" : "clientCertificateData is no PEM certificate"; }
    else if (!br_x509_decoder_get_pkey(&v.xd)) { *why = "clientCertificateData's first certificate does not parse"; }
    else if (kinf__tls_pem_load(&v, 0, key, kl, KINF__PEM_KEY, &big) != 1) { *why = "clientKeyData is not one PEM RSA or EC key (PKCS#1, PKCS#8, SEC1)"; }
    else if (!kinf__tls_key_matches(&v)) { *why = "clientKeyData is not the key of clientCertificateData's first certificate"; }
    else { ok = 1; }
    memset(&v.sk, 0, sizeof(v.sk)); /* the private key, off the stack */
    return ok;
}
/* FNV-1a of the pair: whether a plugin's run gave the pair held again */
static uint64_t kinf__tls_client_sum(const char* cert, size_t cl, const char* key, size_t kl) {
    return kinf__fnv64(kinf__fnv64(kinf__fnv64(0xcbf29ce484222325ull, cert, cl), "\xff", 1), key, kl);
}
/* Takes a pair kinf__tls_client_check accepted into the block, replacing
   the chain and key held. No handshake may be under way (the driver closes
   the connection first). */
static void kinf__tls_client_take(kinf_engine_t* c, const char* cert, size_t cl, const char* key, size_t kl) {
    kinf__tls* t = (kinf__tls*)c->tls;
    int big = 0;
    t->ld.nchain = 0; t->ld.clen = 0; t->ld.have_key = 0;
    if (kinf__tls_pem_load(&t->ld, 0, cert, cl, KINF__PEM_CHAIN, &big) <= 0 || kinf__tls_pem_load(&t->ld, 0, key, kl, KINF__PEM_KEY, &big) != 1) {
        t->ld.nchain = 0; t->ld.have_key = 0; /* not after a check: sends none rather than half a pair */
    }
    t->client_sum = kinf__tls_client_sum(cert, cl, key, kl);
    kinf__tls_client_auth(t);
}
#endif /* KINF_NO_EXEC */
/* >>tls measure  what a bundle needs: its certificates and the bytes of
   their names and keys, decoded with no block and no bound */
KINF_API int kinf_ca_bundle_size(const char* file, const void* data, size_t len, int* cas, size_t* anchor_bytes) {
    kinf__tls_ld t;
    int n, big = 0;
    if (cas) { *cas = 0; }
    if (anchor_bytes) { *anchor_bytes = 0; }
    memset(&t, 0, sizeof(t));
    t.max_cas = KINF_TLS_CAS_LIMIT; t.anchor_cap = KINF_TLS_ANCHOR_LIMIT;
    if (!(file && file[0]) && !(data && len)) { return KINF_ERR_INVAL; }
    n = kinf__tls_pem_load(&t, file, data, len, KINF__PEM_CA, &big);
    if (n <= 0) { return big ? KINF_ERR_NOMEM : KINF_ERR_INVAL; }
    if (cas) { *cas = (int)t.nta; }
    if (anchor_bytes) { *anchor_bytes = t.alen; }
    return KINF_OK;
}
#endif /* KINF_TLS_BEARSSL */

