/* fuzz_informer.h - the start of the fuzz targets that drive a whole informer
   and check what the scanner framed (fuzz_watch.c, fuzz_list.c,
   fuzz_snapshot.c, fuzz_journal.c): the library built white-box (TLS, the
   store's self-check, the private macros kept) with the record hook set to
   fuzz_common.h's capture oracle, then fuzz_common.h. Include it first. */
#ifndef KINF_FUZZ_INFORMER_H
#define KINF_FUZZ_INFORMER_H
#define KINF_TLS_BEARSSL
#define KINF_SELFCHECK
#define KINF__KEEP_PRIVATE_MACROS /* white-box: the private macros stay defined */
struct kinf__scan;
static void fz_framed(struct kinf__scan* sc); /* fuzz_common.h: the capture oracle */
#define KINF__RECORD_HOOK(sc) fz_framed(sc)
#define KINFORMER_IMPLEMENTATION
#include "../../kinformer.h"
#include "fuzz_common.h"
#endif
