/* main.c - the unit tests of kinformer.h: one translation unit, compiled
   with TINY compile-time caps so every limit is hit; it calls the private
   kinf__* functions directly. harness.h holds the caps, the implementation,
   the checks and the fixtures every file shares; each *.inc.c file holds
   the tests of one module of the library (corpus.inc.c and edges.inc.c
   reach across several), is included here and is not compiled on its own.
   A file uses the harness, its own helpers, and a helper of a file included
   before it where its first lines say so. The files come in the order
   their tests first run; main runs the tests in the order they always ran.
   No network: the informer is pointed at http://127.0.0.1:1 and driven by
   hand (body bytes into the library's body loop kinf__rf_body_feed, bytes
   into rbuf for kinf__rf_consume, or a response through the kinf_engine_*
   calls; kinf__hd_dispatch delivers); the client's driver test listens on
   127.0.0.1 only. Assertions are on KINF_LOGITEM_* ids, never on message
   text. The last line of output is "N passed, M failed"; exit status 1 if
   M > 0. Tests marked BUG expose a defect this suite found in kinformer.h;
   "fixed in" names the commit that fixed it, and the test stays as a
   regression test. */
#include "harness.h"

/* the modules, in the order their tests first run */
#include "http.inc.c"
#include "scanner.inc.c"
#include "projection.inc.c"
#include "corpus.inc.c"
#include "store.inc.c"
#include "arena.inc.c"
#include "fifo.inc.c"
#include "reflector.inc.c"
#include "field.inc.c"
#include "setup.inc.c"
#include "kubeconfig.inc.c"
#include "engine.inc.c"
#include "edges.inc.c"
#include "log.inc.c"
#include "discovery.inc.c"
#include "factory.inc.c"
#include "snapshot.inc.c"
#include "workqueue.inc.c"
#include "client.inc.c"
#include "driver.inc.c"
#include "proxy.inc.c"
#include "leader.inc.c"
#include "watchlist.inc.c"
#include "gzip.inc.c"
#include "selector.inc.c"
#include "predicate.inc.c"
#include "index.inc.c"
#include "hub.inc.c"

int main(void) {
    setvbuf(stdout, 0, _IOLBF, 0);
    signal(SIGPIPE, SIG_IGN);
    test_http_head();
    test_ingest_head();
    test_chunked();
    test_scanner();
    test_scanner_blocks();
    test_utf8_scan();
    test_utf8_struct_blocks();
    test_projection();
    test_projection_32_rules();
    test_projection_long_key();
    test_projection_fuzz();
    test_corpus();
    test_store_limits();
    test_compact_small_shift();
    test_store_stress();
    test_arena();
    test_hash_wrap();
    test_fifo();
    test_relist();
    test_has_synced();
    test_backpressure();
    test_body_loop();
    test_step_bytes();
    test_drop_end();
    test_drop_grammar();
    test_oversized_delivery();
    test_whole_member();
    test_two_objects();
    test_utf8_informer();
#if defined(__linux__)
    test_prefault();
#endif
    test_remove_handler();
    test_handler_added_in_callback();
    test_handler_resync();
    test_late_handler_resync();
    test_lister();
    test_field();
    test_value_str();
    test_members();
    test_members_corpus();
    test_config();
    test_sizing_named();
    test_kubeconfig();
    test_kubeconfig_exec();
    test_exec_plugin();
    test_exec_cred();
#ifdef KINF_TLS_BEARSSL
    test_exec_cert();
#endif
    test_status_kind();
    test_reflector();
    test_namespace_scope();
    test_selector_parse();
    test_selector_match();
    test_selector_scope();
    test_freshness();
    test_chunked_in_place();
    test_api_edges();
    test_engine();
    test_http_error_message();
    test_size_overflow();
    test_no_sigpipe();
    test_engine_backoff_reset();
    test_engine_own_transport();
    test_engine_reentry();
    test_engine_continue();
    test_hash_collision();
    edge_backoff();
    edge_reuse();
    edge_slow_consumer();
    edge_deadlines();
    edge_cont();
    edge_watch_bounds();
    edge_api();
    edge_store();
    edge_list();
    edge_chunk();
    edge_watch_timeout();
    edge_delete_store_full();
    test_http_fold();
    test_chunk_zeros();
    test_unescape_captures();
    test_items_not_objects_scan();
    test_unescape_identity();
    test_unescape_list();
    test_items_not_objects();
    test_rv_too_long();
    test_check_reasons();
    test_check_agrees();
#ifdef KINF_TLS_BEARSSL
    test_tls_trust_store();
#endif
    test_log_stderr();
    test_refusals_recorded();
    test_version();
    test_discovery();
    test_discovery_errors();
    test_discovery_token();
    test_discovery_edges();
    test_discovery_fixture();
    test_factory();
    test_factory_all();
    test_factory_why();
    test_factory_caps();
    test_factory_budget();
    test_factory_objects();
    test_factory_objects_floor();
    test_factory_field_selector();
    test_xxh64();
    test_snapshot();
    test_workqueue();
    test_workqueue_model();
    test_client();
    test_client_409();
    test_client_retry();
    test_client_path();
    test_client_apply();
    test_client_token_file();
    test_client_token_file_driver();
    test_client_idle_start();
    test_client_status_nul();
    test_socket_generation();
    test_socket_client();
    test_socket_conn_desc();
    test_now_ms();
    test_proxy_choice();
    test_proxy_tunnel();
    test_leader_time();
    test_leader_config();
    test_leader_acquire();
    test_leader_renew_deadline();
    test_leader_follower();
    test_leader_conflict();
    test_leader_release();
    test_leader_bad_lease();
    test_leader_bad_acquire();
    test_leader_alien_holder();
    test_json_patch();
#ifdef KINF_WORKQUEUE_THREADS
    test_workqueue_threads();
    test_workqueue_wake_drain();
#endif
    test_watch_list();
    test_watch_list_end_value();
    test_watch_list_plain();
    test_metadata_only();
    test_gzip();
    test_skip_unchanged_compare();
    test_skip_unchanged();
    test_skip_unchanged_relist();
    test_index_values();
    test_index_values_cap();
    test_hub_parse();
    test_hub_serve();
    test_hub_more();
    test_hub_forward();
    return report();
}
