/* libFuzzer target: PEM loading and the DER walk of the TLS section.

   Input: PEM text (CA bundle, client chain or key), or a DER certificate.
   1. kinf__tls_pem_load on a zeroed static kinf__tls, from memory, once per
      kind (CA, chain, key); what it keeps must lie in its buffers (trust
      anchor names and keys in anchors[], chain certificates in chainbuf[]).
   2. kinf__cert_has_ip on the input as DER (127.0.0.1 and ::1), and on each
      chain certificate the PEM held.
   3. Each chain certificate through the X.509 wrapper kinformer gives
      BearSSL: in insecure mode (it keeps the end-entity certificate and
      decodes its key), and in verifying mode with the input's own
      certificates as trust anchors and the IP check on. */
#define KINF_TLS_BEARSSL
#define KINF__KEEP_PRIVATE_MACROS /* white-box: the private macros stay defined */
#define KINFORMER_IMPLEMENTATION
#include "../../kinformer.h"
#include <stdio.h>

#define FAIL(...) do { fprintf(stderr, "\nFUZZ INVARIANT FAILED: "); fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); abort(); } while (0)

static kinf__tls t;    /* a CA bundle, and the verifier */
static kinf__tls tc;   /* a client chain */
static kinf__tls tk;   /* a client key */
static const unsigned char ip4[4] = { 127, 0, 0, 1 };
static const unsigned char ip6[16] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 };

#define INSIDE(p, n, buf, used, what) do { const unsigned char* q_ = (const unsigned char*)(p); \
    if (!q_ || q_ < (buf) || q_ + (n) > (buf) + (used)) { FAIL("%s is not inside its buffer", what); } } while (0)

static void der_ip(const unsigned char* der, size_t n) {
    unsigned char* copy = (unsigned char*)malloc(n ? n : 1);
    if (n) { memcpy(copy, der, n); }
    (void)kinf__cert_has_ip(copy, n, ip4, 4);
    (void)kinf__cert_has_ip(copy, n, ip6, 16);
    free(copy);
}

/* runs the chain through kinformer's X.509 wrapper in tt */
static unsigned wrap_chain(kinf__tls* tt, const br_x509_certificate* chain, size_t nchain, int insecure) {
    const br_x509_class** xc;
    unsigned r, usages = 0;
    size_t i;
    tt->insecure = insecure;
    tt->xw.vtable = &kinf__xw_vtable;
    tt->xw.t = tt;
    xc = &tt->xw.vtable;
    (*xc)->start_chain(xc, insecure ? 0 : (tt->check_ip ? 0 : "localhost"));
    for (i = 0; i < nchain; i++) {
        size_t h = chain[i].data_len / 2;
        (*xc)->start_cert(xc, (uint32_t)chain[i].data_len);
        (*xc)->append(xc, chain[i].data, h);
        (*xc)->append(xc, chain[i].data + h, chain[i].data_len - h);
        (*xc)->end_cert(xc);
    }
    r = (*xc)->end_chain(xc);
    if (tt->ee_len > sizeof(tt->ee)) { FAIL("ee_len %zu", tt->ee_len); }
    if (r == 0 && !(*xc)->get_pkey(xc, &usages)) { FAIL("chain accepted without a key"); }
    return r;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    int n, big, i;
    size_t k;

    /* CA bundle */
    memset(&t, 0, sizeof(t));
    big = 0;
    n = kinf__tls_pem_load(&t, 0, data, size, KINF__PEM_CA, &big);
    if (n < -1 || (n >= 0 && (size_t)n != t.nta)) { FAIL("CA load returned %d with %zu anchors", n, t.nta); }
    if (t.nta > KINF_TLS_MAX_CAS || t.alen > sizeof(t.anchors)) { FAIL("CA: %zu anchors, %zu bytes", t.nta, t.alen); }
    for (k = 0; k < t.nta; k++) {
        const br_x509_trust_anchor* ta = &t.ta[k];
        if (ta->dn.len) { INSIDE(ta->dn.data, ta->dn.len, t.anchors, t.alen, "anchor DN"); }
        if (ta->pkey.key_type == BR_KEYTYPE_RSA) {
            INSIDE(ta->pkey.key.rsa.n, ta->pkey.key.rsa.nlen, t.anchors, t.alen, "anchor RSA n");
            INSIDE(ta->pkey.key.rsa.e, ta->pkey.key.rsa.elen, t.anchors, t.alen, "anchor RSA e");
        } else if (ta->pkey.key_type == BR_KEYTYPE_EC) {
            INSIDE(ta->pkey.key.ec.q, ta->pkey.key.ec.qlen, t.anchors, t.alen, "anchor EC q");
        } else {
            FAIL("anchor with key type %d", ta->pkey.key_type);
        }
    }

    /* client chain */
    memset(&tc, 0, sizeof(tc));
    big = 0;
    n = kinf__tls_pem_load(&tc, 0, data, size, KINF__PEM_CHAIN, &big);
    if (n < -1 || (n >= 0 && (size_t)n != tc.nchain)) { FAIL("chain load returned %d with %zu certs", n, tc.nchain); }
    if (tc.nchain > KINF_TLS_MAX_CHAIN || tc.clen > sizeof(tc.chainbuf)) { FAIL("chain: %zu certs, %zu bytes", tc.nchain, tc.clen); }
    for (k = 0; k < tc.nchain; k++) {
        if (!tc.chain[k].data_len) { FAIL("empty chain certificate"); }
        INSIDE(tc.chain[k].data, tc.chain[k].data_len, tc.chainbuf, tc.clen, "chain certificate");
        der_ip(tc.chain[k].data, tc.chain[k].data_len);
    }

    /* client key */
    memset(&tk, 0, sizeof(tk));
    big = 0;
    n = kinf__tls_pem_load(&tk, 0, data, size, KINF__PEM_KEY, &big);
    if (n < -1) { FAIL("key load returned %d", n); }
    if (n >= 1) {
        if (tk.have_key == BR_KEYTYPE_RSA) { if (!br_skey_decoder_get_rsa(&tk.sk)) { FAIL("RSA key type without a key"); } }
        else if (tk.have_key == BR_KEYTYPE_EC) { if (!br_skey_decoder_get_ec(&tk.sk)) { FAIL("EC key type without a key"); } }
        else { FAIL("key loaded with type %d", tk.have_key); }
    }

    /* the input as DER */
    der_ip(data, size);

    /* the chain through the X.509 wrapper: insecure, then verified against
       the input's own CAs (as kinf__tls_init sets it up) with the IP check */
    if (tc.nchain > 0) {
        (void)wrap_chain(&tc, tc.chain, tc.nchain, 1);
        br_ssl_client_init_full(&t.cc, &t.xc, t.ta, t.nta);
        for (i = 0; i < 2; i++) {
            t.check_ip = i; t.iplen = 4; memcpy(t.ip, ip4, 4);
            (void)wrap_chain(&t, tc.chain, tc.nchain, 0);
        }
    }
    return 0;
}
