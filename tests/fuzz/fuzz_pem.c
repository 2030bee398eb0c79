/* libFuzzer target: PEM loading and the DER walk of the TLS section.

   Input: PEM text (CA bundle, client chain or key), or a DER certificate.
   1. kinf__tls_pem_load into a cleared static kinf__tls (kinf__tls_block),
      from memory, once per kind (CA, chain, key); what it keeps must lie in
      its buffers (trust anchor names and keys in anchors[], chain
      certificates in chainbuf[]). A loader with no block (kinf_check's)
      must come to the same result and the same counts.
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

static kinf__tls_ld counted; /* kinf_check's loader: no block */
/* the same load with no block: the same result, the same counts */
static void same_counted(const kinf__tls_ld* ld, int n, int big, const uint8_t* data, size_t size, int kind) {
    int cbig = 0, cn;
    memset(&counted, 0, sizeof(counted));
    cn = kinf__tls_pem_load(&counted, 0, data, size, kind, &cbig);
    if (cn != n || cbig != big || counted.nta != ld->nta || counted.alen != ld->alen || counted.nchain != ld->nchain ||
        counted.clen != ld->clen || counted.have_key != ld->have_key) {
        FAIL("kind %d: loaded %d (big %d), counted %d (big %d)", kind, n, big, cn, cbig);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    int n, big, i;
    size_t k;

    /* CA bundle */
    kinf__tls_block(&t);
    big = 0;
    n = kinf__tls_pem_load(&t.ld, 0, data, size, KINF__PEM_CA, &big);
    if (n < -1 || (n >= 0 && (size_t)n != t.ld.nta)) { FAIL("CA load returned %d with %zu anchors", n, t.ld.nta); }
    if (t.ld.nta > KINF_TLS_MAX_CAS || t.ld.alen > sizeof(t.anchors)) { FAIL("CA: %zu anchors, %zu bytes", t.ld.nta, t.ld.alen); }
    same_counted(&t.ld, n, big, data, size, KINF__PEM_CA);
    for (k = 0; k < t.ld.nta; k++) {
        const br_x509_trust_anchor* ta = &t.ta[k];
        if (ta->dn.len) { INSIDE(ta->dn.data, ta->dn.len, t.anchors, t.ld.alen, "anchor DN"); }
        if (ta->pkey.key_type == BR_KEYTYPE_RSA) {
            INSIDE(ta->pkey.key.rsa.n, ta->pkey.key.rsa.nlen, t.anchors, t.ld.alen, "anchor RSA n");
            INSIDE(ta->pkey.key.rsa.e, ta->pkey.key.rsa.elen, t.anchors, t.ld.alen, "anchor RSA e");
        } else if (ta->pkey.key_type == BR_KEYTYPE_EC) {
            INSIDE(ta->pkey.key.ec.q, ta->pkey.key.ec.qlen, t.anchors, t.ld.alen, "anchor EC q");
        } else {
            FAIL("anchor with key type %d", ta->pkey.key_type);
        }
    }

    /* client chain */
    kinf__tls_block(&tc);
    big = 0;
    n = kinf__tls_pem_load(&tc.ld, 0, data, size, KINF__PEM_CHAIN, &big);
    if (n < -1 || (n >= 0 && (size_t)n != tc.ld.nchain)) { FAIL("chain load returned %d with %zu certs", n, tc.ld.nchain); }
    if (tc.ld.nchain > KINF_TLS_MAX_CHAIN || tc.ld.clen > sizeof(tc.chainbuf)) { FAIL("chain: %zu certs, %zu bytes", tc.ld.nchain, tc.ld.clen); }
    same_counted(&tc.ld, n, big, data, size, KINF__PEM_CHAIN);
    for (k = 0; k < tc.ld.nchain; k++) {
        if (!tc.chain[k].data_len) { FAIL("empty chain certificate"); }
        INSIDE(tc.chain[k].data, tc.chain[k].data_len, tc.chainbuf, tc.ld.clen, "chain certificate");
        der_ip(tc.chain[k].data, tc.chain[k].data_len);
    }

    /* client key */
    kinf__tls_block(&tk);
    big = 0;
    n = kinf__tls_pem_load(&tk.ld, 0, data, size, KINF__PEM_KEY, &big);
    if (n < -1) { FAIL("key load returned %d", n); }
    same_counted(&tk.ld, n, big, data, size, KINF__PEM_KEY);
    if (n >= 1) {
        if (tk.ld.have_key == BR_KEYTYPE_RSA) { if (!br_skey_decoder_get_rsa(&tk.ld.sk)) { FAIL("RSA key type without a key"); } }
        else if (tk.ld.have_key == BR_KEYTYPE_EC) { if (!br_skey_decoder_get_ec(&tk.ld.sk)) { FAIL("EC key type without a key"); } }
        else { FAIL("key loaded with type %d", tk.ld.have_key); }
    }

    /* the input as DER */
    der_ip(data, size);

    /* the chain through the X.509 wrapper: insecure, then verified against
       the input's own CAs (as kinf__tls_init sets it up) with the IP check */
    if (tc.ld.nchain > 0) {
        (void)wrap_chain(&tc, tc.chain, tc.ld.nchain, 1);
        br_ssl_client_init_full(&t.cc, &t.xc, t.ta, t.ld.nta);
        for (i = 0; i < 2; i++) {
            t.check_ip = i; t.iplen = 4; memcpy(t.ip, ip4, 4);
            (void)wrap_chain(&t, tc.chain, tc.ld.nchain, 0);
        }
    }
    return 0;
}
