// parse_simdjson.cpp - simdjson's side of bench/parse.c: the same watch
// events parsed with its DOM parser (the whole event, validated) and with
// its on-demand front end reading the object's metadata name, namespace and
// resourceVersion (what an informer needs of an event; on-demand validates
// only what it reads). C linkage, so the C benchmark calls it.
#include <simdjson.h>
#include <cstddef>
#include <cstdint>

static simdjson::dom::parser* g_dom;
static simdjson::ondemand::parser* g_od;

extern "C" size_t bench_simdjson_padding(void) { return simdjson::SIMDJSON_PADDING; }

#define BENCH_STR2(x) #x
#define BENCH_STR(x) BENCH_STR2(x)
extern "C" const char* bench_simdjson_version(void) { return BENCH_STR(SIMDJSON_VERSION); }

extern "C" const char* bench_simdjson_impl(void) {
    return simdjson::get_active_implementation()->name().c_str();
}

extern "C" void bench_simdjson_init(size_t max_event) {
    g_dom = new simdjson::dom::parser(max_event + 64);
    g_od = new simdjson::ondemand::parser(max_event + 64);
}

// the DOM of one event (p has SIMDJSON_PADDING readable bytes after n);
// returns the length of the object's kind, 0 on an error
extern "C" size_t bench_simdjson_dom(const char* p, size_t n) {
    simdjson::dom::element doc;
    if (g_dom->parse(p, n, false).get(doc)) { return 0; }
    std::string_view kind;
    if (doc["object"]["kind"].get(kind)) { return 0; }
    return kind.size();
}

// on demand: the three strings of the object's metadata; returns the sum of
// their lengths, 0 on an error
extern "C" size_t bench_simdjson_ondemand(const char* p, size_t n, size_t cap) {
    simdjson::padded_string_view in(p, n, cap);
    simdjson::ondemand::document doc;
    if (g_od->iterate(in).get(doc)) { return 0; }
    simdjson::ondemand::object meta;
    if (doc["object"]["metadata"].get_object().get(meta)) { return 0; }
    std::string_view name, ns, rv;
    if (meta["name"].get_string().get(name)) { return 0; }
    if (meta["namespace"].get_string().get(ns)) { return 0; }
    if (meta["resourceVersion"].get_string().get(rv)) { return 0; }
    return name.size() + ns.size() + rv.size();
}
