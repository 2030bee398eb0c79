#!/usr/bin/env python3
"""fakeapi.py - a fake Kubernetes API server for kinformer's tests and demo.

Python standard library only.  Serves enough of the Kubernetes API over plain
HTTP/1.1 on 127.0.0.1 for the real kubectl to work, models LIST (with
pagination and snapshots) and WATCH (history, bookmarks, selector transitions,
410 expiry) closely, and has a control API under /_fake/ to script churn and
faults.  See tests/fakeapi_README.md.
"""

import argparse
import base64
import collections
import copy
import gzip
import http.server
import json
import os
import random
import re
import select
import socket
import socketserver
import ssl
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse
import uuid

# ======================================================================
# Resources served
# ======================================================================

POD_FIELDS = ("spec.nodeName", "spec.restartPolicy", "spec.schedulerName",
              "spec.serviceAccountName", "spec.hostNetwork", "status.phase",
              "status.podIP", "status.nominatedNodeName")
EVENT_FIELDS = ("involvedObject.kind", "involvedObject.namespace",
                "involvedObject.name", "involvedObject.uid",
                "involvedObject.apiVersion", "involvedObject.resourceVersion",
                "involvedObject.fieldPath", "reason", "reportingComponent",
                "source", "type")
BOOL_FIELDS = ("spec.hostNetwork", "spec.unschedulable")
VERBS = ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"]


class Resource:
    def __init__(self, group, version, plural, singular, kind, namespaced,
                 short=(), categories=(), fields=(), generation=False, verbs=VERBS,
                 subresources=()):
        self.group = group
        self.version = version
        self.plural = plural
        self.singular = singular
        self.kind = kind
        self.namespaced = namespaced
        self.short = list(short)
        self.categories = list(categories)
        self.fields = {"metadata.name", "metadata.namespace"} | set(fields)
        self.generation = generation
        self.verbs = list(verbs)
        # (name, kind group, kind version, kind, verbs): served in discovery only
        self.subresources = list(subresources)
        self.api_version = "%s/%s" % (group, version) if group else version
        self.list_kind = kind + "List"
        self.storage = self     # the versions of one custom resource share their objects

    def __repr__(self):
        return "<Resource %s>" % self.plural


STATUS_SUB = ("status", None, None, None, ["get", "patch", "update"])
PODS = Resource("", "v1", "pods", "pod", "Pod", True, ["po"], ["all"], POD_FIELDS,
                subresources=[("binding", "", "v1", "Binding", ["create"]),
                              ("eviction", "policy", "v1", "Eviction", ["create"]),
                              ("log", "", "v1", "Pod", ["get"]), STATUS_SUB])
CONFIGMAPS = Resource("", "v1", "configmaps", "configmap", "ConfigMap", True, ["cm"])
SECRETS = Resource("", "v1", "secrets", "secret", "Secret", True, (), (), ["type"])
SERVICES = Resource("", "v1", "services", "service", "Service", True, ["svc"], ["all"],
                    subresources=[STATUS_SUB])
EVENTS = Resource("", "v1", "events", "event", "Event", True, ["ev"], (), EVENT_FIELDS)
NODES = Resource("", "v1", "nodes", "node", "Node", False, ["no"], (), ["spec.unschedulable"],
                 subresources=[STATUS_SUB])
NAMESPACES = Resource("", "v1", "namespaces", "namespace", "Namespace", False, ["ns"], (),
                      ["status.phase"], subresources=[STATUS_SUB])
# served in discovery as the real server has them: bindings can only be
# created, componentstatuses listed but not watched
BINDINGS = Resource("", "v1", "bindings", "binding", "Binding", True, verbs=["create"])
COMPONENTSTATUSES = Resource("", "v1", "componentstatuses", "componentstatus", "ComponentStatus",
                             False, ["cs"], verbs=["get", "list"])
DEPLOYMENTS = Resource("apps", "v1", "deployments", "deployment", "Deployment", True,
                       ["deploy"], ["all"], (), True,
                       subresources=[("scale", "autoscaling", "v1", "Scale", ["get", "patch", "update"]),
                                     STATUS_SUB])
# events.k8s.io has "events" too: a bare "events" is the core one, as kubectl resolves it
EVENTS_K8S = Resource("events.k8s.io", "v1", "events", "event", "Event", True)
WIDGETS = Resource("example.com", "v1", "widgets", "widget", "Widget", True, (), (), (), True,
                   subresources=[STATUS_SUB])

# a kubelet's heartbeat (in kube-node-lease, one per node); no status subresource
LEASES = Resource("coordination.k8s.io", "v1", "leases", "lease", "Lease", True)

RESOURCES = [BINDINGS, COMPONENTSTATUSES, CONFIGMAPS, EVENTS, NAMESPACES, NODES, PODS, SECRETS,
             SERVICES, DEPLOYMENTS, EVENTS_K8S, WIDGETS, LEASES]
BY_GVR = {(r.group, r.version, r.plural): r for r in RESOURCES}
# group -> its versions, the preferred first (the order discovery lists them in)
GROUPS = collections.OrderedDict()
for _r in RESOURCES:
    if _r.group and _r.version not in GROUPS.setdefault(_r.group, []):
        GROUPS[_r.group].append(_r.version)


def stat_name(r, resources):
    """The plural, or plural.group when another group has the same plural."""
    if r.group and any(o.plural == r.plural and o is not r for o in resources):
        return "%s.%s" % (r.plural, r.group)
    return r.plural


REASONS = {400: "BadRequest", 401: "Unauthorized", 403: "Forbidden",
           404: "NotFound", 405: "MethodNotAllowed", 406: "NotAcceptable",
           409: "Conflict", 410: "Expired", 413: "RequestEntityTooLarge",
           415: "UnsupportedMediaType", 422: "Invalid", 429: "TooManyRequests",
           500: "InternalError", 503: "ServiceUnavailable", 504: "Timeout"}

MAX_BODY = 64 << 20
MAX_WATCH_QUEUE = 50000

# A self-signed ECDSA P-256 certificate for 127.0.0.1 and localhost, valid
# 2000-2099, made for these tests only (it is its own CA: hand it to clients as
# the CA file).  The key is public on purpose: never use it for anything else.
TEST_CERT_PEM = """-----BEGIN CERTIFICATE-----
MIIBvDCCAWKgAwIBAgIBATAKBggqhkjOPQQDAjAsMRgwFgYDVQQKDA9raW5mb3Jt
ZXIgdGVzdHMxEDAOBgNVBAMMB2Zha2VhcGkwIBcNMDAwMTAxMDAwMDAwWhgPMjA5
OTEyMzEyMzU5NTlaMCwxGDAWBgNVBAoMD2tpbmZvcm1lciB0ZXN0czEQMA4GA1UE
AwwHZmFrZWFwaTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABKj8ciBaOUYjikHW
3598ra79pmd0Tg2SHpIpXRw6B4Oyc4zz5lI9V4vbNXdnG/8iz8mjhyuaxa3nROF4
jerySKmjczBxMBoGA1UdEQQTMBGHBH8AAAGCCWxvY2FsaG9zdDAPBgNVHRMBAf8E
BTADAQH/MA4GA1UdDwEB/wQEAwIChDATBgNVHSUEDDAKBggrBgEFBQcDATAdBgNV
HQ4EFgQUs9Wc752jPxF/QRJ0TWmh71rmE90wCgYIKoZIzj0EAwIDSAAwRQIgQizu
SiqGv/ghwfs9OtLvOeSYSVc7kqHS71/FvdocNwoCIQDjaz0zkOoJqs6Kll7lNwD9
fpsjdYVbaRqziEF81QlvJg==
-----END CERTIFICATE-----
"""
TEST_KEY_PEM = """-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg14dz/aBNuKZd/0M1
bpN+uySQNFmCp9plJjnUlpsaFI2hRANCAASo/HIgWjlGI4pB1t+ffK2u/aZndE4N
kh6SKV0cOgeDsnOM8+ZSPVeL2zV3Zxv/Is/Jo4crmsWt50TheI3q8kip
-----END PRIVATE KEY-----
"""


# ======================================================================
# Small helpers
# ======================================================================

def dumps(obj):
    """Compact JSON as the API server writes it, UTF-8 bytes."""
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def bkey(key):
    """Keys sort bytewise, like etcd keys."""
    return key.encode("utf-8")


# --clock T: the objects' times (creationTimestamp, status and deletion times)
# as at this fixed Unix time, so that a run's objects are the same bytes at
# every run (tests/test_golden.py); None: the real clock
FIXED_CLOCK = None


def obj_time():
    return time.time() if FIXED_CLOCK is None else FIXED_CLOCK


def ts_of(t=None):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(obj_time() if t is None else t))


def truthy(v):
    return v is not None and v.lower() in ("1", "true", "t", "yes")


def seeded_uuid(rng):
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def status_obj(code, reason, message, details=None):
    d = {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
         "message": message, "reason": reason}
    if details is not None:
        d["details"] = details
    d["code"] = code
    return d


class ApiError(Exception):
    def __init__(self, code, reason, message, details=None, headers=()):
        Exception.__init__(self, message)
        self.code = code
        self.reason = reason
        self.message = message
        self.details = details
        self.headers = list(headers)

    def body(self):
        return dumps(status_obj(self.code, self.reason, self.message, self.details))


def bad_request(msg):
    return ApiError(400, "BadRequest", msg)


def partial_meta(obj):
    """An object as a PartialObjectMetadata: its metadata only."""
    return {"kind": "PartialObjectMetadata", "apiVersion": "meta.k8s.io/v1", "metadata": obj.get("metadata", {})}


def invalid(kind, msg):
    return ApiError(422, "Invalid", '%s "" is invalid: %s' % (kind, msg),
                    {"group": "meta.k8s.io", "kind": kind, "causes": [
                        {"reason": "FieldValueForbidden", "message": msg}]})


def too_old(rv, oldest):
    return "too old resource version: %d (%d)" % (rv, oldest)


def parse_rv(s, what="resourceVersion"):
    try:
        v = int(s)
        if v < 0:
            raise ValueError
        return v
    except ValueError:
        raise bad_request("invalid %s: %s" % (what, s))


def parse_int_param(q, name, default=None, minimum=0):
    v = q.get(name)
    if v is None or v == "":
        return default
    try:
        n = int(v)
    except ValueError:
        raise bad_request("invalid %s: %r" % (name, v))
    if n < minimum:
        raise bad_request("invalid %s: %r" % (name, v))
    return n


# ======================================================================
# Selectors
# ======================================================================

_LBL_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_./")
_LBL_NAME = re.compile(r"^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$")
_LBL_PREFIX = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$")
_LBL_VALUE = re.compile(r"^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$")


class LabelSelector:
    """Equality- and set-based label selectors, AND of comma-separated terms."""

    def __init__(self, text):
        self.text = text or ""
        self.reqs = self._parse(self.text)

    def empty(self):
        return not self.reqs

    @staticmethod
    def _fail(msg):
        raise bad_request("unable to parse requirement: " + msg)

    @classmethod
    def _check_key(cls, k):
        prefix, _, name = k.rpartition("/")
        if "/" in k and (not prefix or len(prefix) > 253 or not _LBL_PREFIX.match(prefix)):
            cls._fail('invalid label key "%s": prefix part must be a DNS subdomain' % k)
        if not name or len(name) > 63 or not _LBL_NAME.match(name):
            cls._fail('invalid label key "%s": name part must consist of alphanumeric '
                      "characters, '-', '_' or '.', and must start and end with an "
                      "alphanumeric character" % k)

    @classmethod
    def _check_value(cls, v):
        if len(v) > 63 or not _LBL_VALUE.match(v):
            cls._fail('invalid label value: "%s": a valid label must be an empty string '
                      "or consist of alphanumeric characters, '-', '_' or '.', and must "
                      "start and end with an alphanumeric character" % v)

    @classmethod
    def _parse(cls, s):
        reqs = []
        n = len(s)
        pos = [0]

        def ws():
            while pos[0] < n and s[pos[0]] in " \t":
                pos[0] += 1

        def word():
            j = pos[0]
            while pos[0] < n and s[pos[0]] in _LBL_CHARS:
                pos[0] += 1
            return s[j:pos[0]]

        def here():
            return s[pos[0]:pos[0] + 1] or "EOF"

        ws()
        if pos[0] >= n:
            return reqs
        while True:
            ws()
            if pos[0] < n and s[pos[0]] == "!":
                pos[0] += 1
                ws()
                k = word()
                if not k:
                    cls._fail("found '%s', expected: identifier" % here())
                cls._check_key(k)
                reqs.append(("!", k, None))
            else:
                k = word()
                if not k:
                    cls._fail("found '%s', expected: !, identifier, or 'end of string'" % here())
                cls._check_key(k)
                ws()
                if pos[0] >= n or s[pos[0]] == ",":
                    reqs.append(("exists", k, None))
                elif s.startswith("==", pos[0]) or s.startswith("!=", pos[0]) or s[pos[0]] == "=":
                    if s.startswith("==", pos[0]):
                        op, pos[0] = "=", pos[0] + 2
                    elif s.startswith("!=", pos[0]):
                        op, pos[0] = "!=", pos[0] + 2
                    else:
                        op, pos[0] = "=", pos[0] + 1
                    ws()
                    v = word()
                    cls._check_value(v)
                    reqs.append((op, k, v))
                elif s[pos[0]] in "<>":
                    op = s[pos[0]]
                    pos[0] += 1
                    ws()
                    v = word()
                    try:
                        int(v)
                    except ValueError:
                        cls._fail("for 'Gt', 'Lt' operators, the value must be an integer")
                    reqs.append((op, k, v))
                else:
                    op = word()
                    if op not in ("in", "notin"):
                        cls._fail("found '%s', expected: in, notin, =, ==, !=, gt, lt" %
                                  (op or here()))
                    ws()
                    if pos[0] >= n or s[pos[0]] != "(":
                        cls._fail("found '%s', expected: '('" % here())
                    pos[0] += 1
                    vals = set()
                    for _ in range(n + 1):
                        ws()
                        v = word()
                        cls._check_value(v)
                        vals.add(v)
                        ws()
                        if pos[0] < n and s[pos[0]] == ",":
                            pos[0] += 1
                            continue
                        if pos[0] < n and s[pos[0]] == ")":
                            pos[0] += 1
                            break
                        cls._fail("found '%s', expected: ',', ')' or identifier" % here())
                    reqs.append((op, k, frozenset(vals)))
            ws()
            if pos[0] >= n:
                break
            if s[pos[0]] != ",":
                cls._fail("found '%s', expected: ',' or 'end of string'" % here())
            pos[0] += 1
        return reqs

    def matches(self, labels):
        labels = labels or {}
        for op, k, v in self.reqs:
            has = k in labels
            val = labels.get(k)
            if op == "=":
                ok = has and val == v
            elif op == "!=":
                ok = not has or val != v
            elif op == "in":
                ok = has and val in v
            elif op == "notin":
                ok = not has or val not in v
            elif op == "exists":
                ok = has
            elif op == "!":
                ok = not has
            else:
                try:
                    a, b = int(val), int(v)
                    ok = has and (a > b if op == ">" else a < b)
                except (TypeError, ValueError):
                    ok = False
            if not ok:
                return False
        return True


def field_value(obj, path):
    if path == "source":
        return str((obj.get("source") or {}).get("component", ""))
    cur = obj
    for part in path.split("."):
        if not isinstance(cur, dict):
            cur = None
            break
        cur = cur.get(part)
    if cur is None:
        return "false" if path in BOOL_FIELDS else ""
    if isinstance(cur, bool):
        return "true" if cur else "false"
    return str(cur)


class FieldSelector:
    """metadata.name / metadata.namespace / per-resource fields with =, ==, !=."""

    def __init__(self, res, text):
        self.text = text or ""
        self.terms = []
        if not self.text.strip():
            return
        for term in self._split(self.text):
            field, op, value = self._term(term)
            if field not in res.fields:
                raise bad_request('field label not supported: %s' % field)
            self.terms.append((field, op, value))

    def empty(self):
        return not self.terms

    @staticmethod
    def _split(s):
        out, cur, i = [], [], 0
        while i < len(s):
            c = s[i]
            if c == "\\" and i + 1 < len(s):
                cur.append(s[i:i + 2])
                i += 2
                continue
            if c == ",":
                out.append("".join(cur))
                cur = []
            else:
                cur.append(c)
            i += 1
        out.append("".join(cur))
        return out

    @staticmethod
    def _unescape(v):
        out, i = [], 0
        while i < len(v):
            if v[i] == "\\" and i + 1 < len(v):
                out.append(v[i + 1])
                i += 2
            else:
                out.append(v[i])
                i += 1
        return "".join(out)

    def _term(self, t):
        i = 0
        while i < len(t):
            c = t[i]
            if c == "\\":
                i += 2
                continue
            if t.startswith("!=", i):
                return t[:i].strip(), "!=", self._unescape(t[i + 2:])
            if t.startswith("==", i):
                return t[:i].strip(), "=", self._unescape(t[i + 2:])
            if c == "=":
                return t[:i].strip(), "=", self._unescape(t[i + 1:])
            i += 1
        raise bad_request("invalid selector: '%s'; can't understand '%s'" % (self.text, t))

    def matches(self, obj):
        for field, op, value in self.terms:
            have = field_value(obj, field)
            if (have == value) != (op == "="):
                return False
        return True


class Matcher:
    def __init__(self, res, ns, lsel, fsel):
        self.res = res
        self.ns = ns
        self.lsel = lsel
        self.fsel = fsel

    def __call__(self, obj):
        md = obj.get("metadata") or {}
        if self.ns is not None and md.get("namespace") != self.ns:
            return False
        if not self.lsel.empty() and not self.lsel.matches(md.get("labels")):
            return False
        if not self.fsel.empty() and not self.fsel.matches(obj):
            return False
        return True


# ======================================================================
# Store: objects, global resourceVersion, history, watchers
# ======================================================================

class Entry:
    """One stored object version.  Immutable once created."""
    __slots__ = ("obj", "key", "rv", "full", "item")

    def __init__(self, obj, key):
        self.obj = obj
        self.key = key
        self.rv = int(obj["metadata"]["resourceVersion"])
        self.full = dumps(obj)
        self.item = dumps({k: v for k, v in obj.items() if k not in ("kind", "apiVersion")})


class Event:
    __slots__ = ("rv", "res", "type", "key", "entry", "prev", "_prev_rv")

    def __init__(self, rv, res, etype, key, entry, prev):
        self.rv = rv
        self.res = res
        self.type = etype
        self.key = key
        self.entry = entry
        self.prev = prev
        self._prev_rv = None

    def prev_with_rv(self):
        """The previous object carrying this event's RV (sent as DELETED when an
        object leaves a watcher's selector, as the real watch cache does)."""
        if self._prev_rv is None:
            o = json.loads(self.prev.full)
            o["metadata"]["resourceVersion"] = str(self.rv)
            self._prev_rv = Entry(o, self.key)
        return self._prev_rv


class Store:
    def __init__(self, app, history_max):
        self.app = app
        self.lock = threading.RLock()
        self.cond = threading.Condition(self.lock)
        self.rv = 0
        self.objs = {r: {} for r in RESOURCES}
        self.history = collections.deque()
        self.history_max = max(1, history_max)
        self.compacted = 0          # watch/list from RV < compacted -> 410
        self.continue_floor = 0     # continue tokens with RV < this -> 410
        self.watchers = set()
        self.rng = random.Random("%s:store" % app.args.seed)

    @staticmethod
    def key_for(res, ns, name):
        return "%s/%s" % (ns, name) if res.namespaced else name

    def _commit(self, res, etype, key, entry, prev):
        ev = Event(self.rv, res, etype, key, entry, prev)
        self.history.append(ev)
        while len(self.history) > self.history_max:
            self.compacted = self.history.popleft().rv
        for w in list(self.watchers):
            w.push(ev)
        self.cond.notify_all()
        return ev

    def put(self, res, obj, mode="apply", expect_rv=None):
        """Create or replace.  mode: apply | create | update.  Takes ownership of obj."""
        with self.lock:
            md = obj.get("metadata")
            if not isinstance(md, dict):
                raise bad_request("metadata is required")
            name = md.get("name")
            if not name and md.get("generateName") and mode != "update":
                for _ in range(50):
                    cand = md["generateName"] + "".join(
                        self.rng.choice(NAME_ALPHABET) for _ in range(5))
                    if self.key_for(res, md.get("namespace"), cand) not in self.objs[res]:
                        break
                name = md["name"] = cand
            if not isinstance(name, str) or not name:
                raise invalid(res.kind, "metadata.name: Required value: name or generateName is required")
            if res.namespaced:
                if not md.get("namespace"):
                    raise bad_request("the namespace of the object is required")
            else:
                md.pop("namespace", None)
            key = self.key_for(res, md.get("namespace"), name)
            table = self.objs[res]
            prev = table.get(key)
            if mode == "create" and prev is not None:
                raise ApiError(409, "AlreadyExists", '%s "%s" already exists' % (res.plural, name),
                               {"name": name, "kind": res.plural})
            if mode == "update" and prev is None:
                raise not_found(res, name)
            if expect_rv and prev is not None and expect_rv != prev.obj["metadata"]["resourceVersion"]:
                raise ApiError(409, "Conflict",
                               'Operation cannot be fulfilled on %s "%s": the object has been '
                               "modified; please apply your changes to the latest version and "
                               "try again" % (res.plural, name), {"name": name, "kind": res.plural})
            self.rv += 1
            if prev is not None:
                pmd = prev.obj["metadata"]
                md["uid"] = pmd["uid"]
                md["creationTimestamp"] = pmd.get("creationTimestamp")
                if res.generation:
                    gen = pmd.get("generation", 1)
                    if obj.get("spec") != prev.obj.get("spec"):
                        gen += 1
                    md["generation"] = gen
            else:
                md.setdefault("uid", seeded_uuid(self.rng))
                md.setdefault("creationTimestamp", ts_of())
                if res.generation:
                    md["generation"] = 1
            md["resourceVersion"] = str(self.rv)
            full = {"kind": res.kind, "apiVersion": res.api_version}
            for k, v in obj.items():
                if k not in ("kind", "apiVersion"):
                    full[k] = v
            entry = Entry(full, key)
            table[key] = entry
            self._commit(res, "ADDED" if prev is None else "MODIFIED", key, entry, prev)
            self.app.bump("mutations")
            return entry, prev is None

    def delete(self, res, key):
        with self.lock:
            table = self.objs[res]
            prev = table.get(key)
            if prev is None:
                raise not_found(res, key.rpartition("/")[2])
            self.rv += 1
            o = json.loads(prev.full)
            o["metadata"]["resourceVersion"] = str(self.rv)
            entry = Entry(o, key)
            del table[key]
            self._commit(res, "DELETED", key, entry, prev)
            self.app.bump("mutations")
            return entry

    def snapshot(self, res, at_rv=None):
        """Objects of res as of at_rv (call with the lock held; at_rv >= compacted)."""
        table = dict(self.objs[res])
        if at_rv is not None and at_rv < self.rv:
            for ev in reversed(self.history):
                if ev.rv <= at_rv:
                    break
                if ev.res.storage is not res.storage:
                    continue
                if ev.type == "ADDED":
                    table.pop(ev.key, None)
                else:
                    table[ev.key] = ev.prev
        return table

    def compact(self, end_watches=False):
        with self.lock:
            self.compacted = self.rv
            self.history.clear()
            self.continue_floor = self.rv + 1
            if end_watches:
                for w in list(self.watchers):
                    w.finish([("ERR", status_obj(410, "Expired", too_old(w.progress, self.compacted))),
                              ("END", "clean")])
                self.watchers.clear()

    def abort_watchers(self):
        with self.lock:
            for w in list(self.watchers):
                w.abort()
            self.watchers.clear()

    def end_watchers(self):
        with self.lock:
            for w in list(self.watchers):
                w.finish([("END", "clean")])
            self.watchers.clear()

    def unregister(self, w):
        with self.lock:
            self.watchers.discard(w)


def not_found(res, name):
    return ApiError(404, "NotFound", '%s "%s" not found' % (res.plural, name),
                    {"name": name, "kind": res.plural})


# ======================================================================
# Watchers
# ======================================================================

class Watcher:
    """One open watch.  Queue items:
       ("EV", type, Entry)  ("BM", rv, annotations)  ("ERR", status)  ("END", clean|abort)"""

    def __init__(self, wid, res, ns, matcher, bookmarks, path, rng):
        self.id = wid
        self.res = res
        self.ns = ns
        self.match = matcher
        self.bookmarks = bookmarks
        self.path = path
        self.rng = rng
        self.cond = threading.Condition()
        self.q = collections.deque()
        self.closed = False
        self.aborted = False
        self.progress = 0
        self.stall_until = 0.0
        self.garbage = False
        self.started = time.time()
        self.start_rv = None
        self.sent = 0
        self.meta = False   # objects as PartialObjectMetadata (the client's Accept asked for it)

    def convert(self, ev):
        if ev.res.storage is not self.res.storage:
            return None
        cur = ev.type != "DELETED" and self.match(ev.entry.obj)
        old = ev.prev is not None and self.match(ev.prev.obj)
        if cur and old:
            return ("EV", "MODIFIED", ev.entry)
        if cur:
            return ("EV", "ADDED", ev.entry)
        if old:
            return ("EV", "DELETED", ev.entry if ev.type == "DELETED" else ev.prev_with_rv())
        return None

    def push(self, ev):
        """Called with the store lock held, for every committed event."""
        item = self.convert(ev)
        with self.cond:
            if self.closed:
                return
            if item is not None:
                if len(self.q) >= MAX_WATCH_QUEUE:
                    # a watcher that cannot keep up is terminated, like the real cache does
                    self.closed = True
                    self.q.append(("END", "clean"))
                    self.cond.notify_all()
                    return
                self.q.append(item)
            self.progress = ev.rv
            if item is not None:
                self.cond.notify_all()

    def finish(self, items):
        with self.cond:
            if self.closed:
                return
            self.closed = True
            self.q.extend(items)
            self.cond.notify_all()

    def abort(self):
        with self.cond:
            self.closed = True
            self.aborted = True
            self.q.appendleft(("END", "abort"))
            self.cond.notify_all()

    def stall(self, seconds):
        with self.cond:
            self.stall_until = time.monotonic() + seconds
            self.cond.notify_all()


# ======================================================================
# Faults
# ======================================================================

class Faults:
    def __init__(self):
        self.lock = threading.Lock()
        self.q = collections.defaultdict(collections.deque)

    def add(self, kind, count, params):
        with self.lock:
            for _ in range(max(0, count)):
                self.q[kind].append(dict(params))

    def take(self, kind):
        with self.lock:
            d = self.q.get(kind)
            if d:
                return d.popleft()
            return None

    def has(self, kind):
        with self.lock:
            return bool(self.q.get(kind))

    def pending(self):
        with self.lock:
            return {k: len(v) for k, v in self.q.items() if v}


# ======================================================================
# Object generation (pods, nodes, ...) and churn
# ======================================================================

NAME_ALPHABET = "bcdfghjklmnpqrstvwxz2456789"
APPS = ["web", "api", "worker", "frontend", "cache", "db"]
TIERS = ["web", "db", "cache"]
PHASES = ["Pending", "Running", "Succeeded"]
IMAGES = {
    "web": "docker.io/library/nginx:1.27.2",
    "api": "ghcr.io/example/api-server:v2.14.1",
    "worker": "ghcr.io/example/queue-worker:v1.9.0",
    "frontend": "docker.io/library/node:22.11-alpine",
    "cache": "docker.io/library/redis:7.4.1",
    "db": "docker.io/library/postgres:16.4",
}
WORDS = ("the quick brown fox jumps over lazy dog while kubernetes reconciles desired "
         "state of every pod node and service in cluster controller watch cache "
         "informer resync bookmark compaction etcd revision").split()


def filler(rng, n):
    parts, total = [], 0
    for _ in range(n + 1):
        if total >= n:
            break
        w = rng.choice(WORDS)
        parts.append(w)
        total += len(w) + 1
    return " ".join(parts)[:n]


def rand_name(rng, n):
    return "".join(rng.choice(NAME_ALPHABET) for _ in range(n))


def rand_hex(rng, n):
    return "%0*x" % (n, rng.getrandbits(4 * n))


def fields_v1(d):
    """A managedFields fieldsV1 set for a dict, shaped like the API server's."""
    out = {}
    for k, v in d.items():
        if isinstance(v, dict):
            sub = fields_v1(v)
            out["f:" + k] = dict([(".", {})] + list(sub.items())) if sub else {}
        elif isinstance(v, list) and v and isinstance(v[0], dict):
            keyf = None
            for cand in (("containerPort", "protocol"), ("name",), ("type",), ("ip",), ("key",)):
                if all(c in v[0] for c in cand):
                    keyf = cand
                    break
            if keyf is None:
                out["f:" + k] = {}
                continue
            lst = {} if k == "containers" else {".": {}}
            for item in v:
                kk = "k:" + json.dumps({c: item.get(c) for c in keyf}, separators=(",", ":"))
                lst[kk] = dict([(".", {})] + list(fields_v1(item).items()))
            out["f:" + k] = lst
        else:
            out["f:" + k] = {}
    return out


class Generator:
    def __init__(self, app):
        self.app = app
        self.args = app.args
        self.store = app.store
        self.namespaces = ["ns-%d" % i for i in range(max(0, app.args.namespaces))]
        self.rs = {}        # (ns, app) -> (hash, uid)
        self.counter = 0

    # ---------------------------------------------------------- helpers
    def _rs_for(self, rng, ns, app_name):
        k = (ns, app_name)
        if k not in self.rs:
            self.rs[k] = (rand_name(rng, 10), seeded_uuid(rng))
        return self.rs[k]

    def pod_names(self, ns):
        return [k.partition("/")[2] for k in self.store.objs[PODS] if k.startswith(ns + "/")]

    # ---------------------------------------------------------- pods
    def make_pod(self, rng, ns, app_name=None, created=None, name=None):
        app_name = app_name or rng.choice(APPS)
        h, rs_uid = self._rs_for(rng, ns, app_name)
        if name is None:
            for _ in range(100):
                name = "%s-%s-%s" % (app_name, h, rand_name(rng, 5))
                if Store.key_for(PODS, ns, name) not in self.store.objs[PODS]:
                    break
        created = created if created is not None else obj_time()
        ts = ts_of(created)
        node_i = rng.randrange(3)
        tier = rng.choice(TIERS)
        image = IMAGES[app_name]
        port = {"web": 80, "frontend": 3000, "cache": 6379, "db": 5432}.get(app_name, 8080)
        vol_token = "kube-api-access-" + rand_name(rng, 5)
        container = {
            "name": app_name,
            "image": image,
            "ports": [{"name": "http" if port in (80, 3000, 8080) else "tcp",
                       "containerPort": port, "protocol": "TCP"}],
            "env": [
                {"name": "POD_NAME", "valueFrom": {"fieldRef": {"apiVersion": "v1",
                                                               "fieldPath": "metadata.name"}}},
                {"name": "POD_NAMESPACE", "valueFrom": {"fieldRef": {"apiVersion": "v1",
                                                                    "fieldPath": "metadata.namespace"}}},
                {"name": "NODE_NAME", "valueFrom": {"fieldRef": {"apiVersion": "v1",
                                                                "fieldPath": "spec.nodeName"}}},
                {"name": "LOG_LEVEL", "value": rng.choice(["info", "debug", "warn"])},
            ],
            "resources": {"limits": {"cpu": rng.choice(["500m", "1", "2"]),
                                     "memory": rng.choice(["256Mi", "512Mi", "1Gi"])},
                          "requests": {"cpu": rng.choice(["50m", "100m", "250m"]),
                                       "memory": rng.choice(["64Mi", "128Mi", "256Mi"])}},
            "volumeMounts": [
                {"name": "config", "readOnly": True, "mountPath": "/etc/%s" % app_name},
                {"name": vol_token, "readOnly": True,
                 "mountPath": "/var/run/secrets/kubernetes.io/serviceaccount"},
            ],
            "livenessProbe": {"httpGet": {"path": "/healthz", "port": port, "scheme": "HTTP"},
                              "initialDelaySeconds": 10, "timeoutSeconds": 1, "periodSeconds": 10,
                              "successThreshold": 1, "failureThreshold": 3},
            "readinessProbe": {"httpGet": {"path": "/readyz", "port": port, "scheme": "HTTP"},
                               "initialDelaySeconds": 2, "timeoutSeconds": 1, "periodSeconds": 5,
                               "successThreshold": 1, "failureThreshold": 3},
            "terminationMessagePath": "/dev/termination-log",
            "terminationMessagePolicy": "File",
            "imagePullPolicy": "IfNotPresent",
            "securityContext": {"allowPrivilegeEscalation": False,
                                "capabilities": {"drop": ["ALL"]},
                                "runAsNonRoot": app_name not in ("web", "db")},
        }
        spec = {
            "volumes": [
                {"name": "config", "configMap": {"name": "%s-config" % app_name, "defaultMode": 420}},
                {"name": vol_token, "projected": {"sources": [
                    {"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}},
                    {"configMap": {"name": "kube-root-ca.crt",
                                   "items": [{"key": "ca.crt", "path": "ca.crt"}]}},
                    {"downwardAPI": {"items": [{"path": "namespace", "fieldRef": {
                        "apiVersion": "v1", "fieldPath": "metadata.namespace"}}]}}],
                    "defaultMode": 420}},
            ],
            "containers": [container],
            "restartPolicy": "Always",
            "terminationGracePeriodSeconds": 30,
            "dnsPolicy": "ClusterFirst",
            "serviceAccountName": "default",
            "serviceAccount": "default",
            "nodeName": "node-%d" % node_i,
            "securityContext": {"fsGroup": 2000},
            "schedulerName": "default-scheduler",
            "tolerations": [
                {"key": "node.kubernetes.io/not-ready", "operator": "Exists",
                 "effect": "NoExecute", "tolerationSeconds": 300},
                {"key": "node.kubernetes.io/unreachable", "operator": "Exists",
                 "effect": "NoExecute", "tolerationSeconds": 300},
            ],
            "priority": 0,
            "enableServiceLinks": True,
            "preemptionPolicy": "PreemptLowerPriority",
        }
        labels = {"app": app_name, "pod-template-hash": h, "tier": tier, "gen": "1"}
        annotations = {"prometheus.io/scrape": "true", "prometheus.io/port": "9090",
                       "kubectl.kubernetes.io/default-container": app_name}
        owner = [{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": "%s-%s" % (app_name, h),
                  "uid": rs_uid, "controller": True, "blockOwnerDeletion": True}]
        pod_ip = "10.244.%d.%d" % (node_i, rng.randint(2, 254))
        host_ip = "172.18.0.%d" % (2 + node_i)
        status = {
            "phase": "Pending",
            "conditions": [],
            "hostIP": host_ip,
            "hostIPs": [{"ip": host_ip}],
            "podIP": pod_ip,
            "podIPs": [{"ip": pod_ip}],
            "startTime": ts,
            "containerStatuses": [{
                "name": app_name, "state": {}, "lastState": {}, "ready": False,
                "restartCount": 0, "image": image,
                "imageID": image.split(":")[0] + "@sha256:" + rand_hex(rng, 64),
                "containerID": "containerd://" + rand_hex(rng, 64), "started": False}],
            "qosClass": "Burstable",
        }
        pod = {
            "kind": "Pod", "apiVersion": "v1",
            "metadata": {
                "name": name, "generateName": "%s-%s-" % (app_name, h), "namespace": ns,
                "uid": seeded_uuid(rng), "resourceVersion": "0", "creationTimestamp": ts,
                "labels": labels, "annotations": annotations, "ownerReferences": owner,
                "managedFields": [
                    {"manager": "kube-controller-manager", "operation": "Update",
                     "apiVersion": "v1", "time": ts, "fieldsType": "FieldsV1",
                     "fieldsV1": {"f:metadata": {
                         "f:generateName": {},
                         "f:labels": dict([(".", {})] + list(
                             fields_v1({k: v for k, v in labels.items() if k != "gen"}).items())),
                         "f:ownerReferences": {".": {}, 'k:{"uid":"%s"}' % rs_uid: {}}},
                         "f:spec": fields_v1({k: v for k, v in spec.items()
                                              if k not in ("nodeName", "serviceAccount")})}},
                    {"manager": "kubelet", "operation": "Update", "apiVersion": "v1",
                     "time": ts, "fieldsType": "FieldsV1", "fieldsV1": {}, "subresource": "status"},
                ]},
            "spec": spec,
            "status": status,
        }
        self.set_phase(pod, rng.choice(["Running"] * 6 + ["Pending", "Succeeded"]), created)
        st = fields_v1({k: v for k, v in pod["status"].items()
                        if k not in ("qosClass", "containerStatuses", "hostIPs")})
        st["f:containerStatuses"] = {}
        st["f:hostIPs"] = {}
        pod["metadata"]["managedFields"][1]["fieldsV1"] = {"f:status": st}
        self.fit(rng, pod, self.args.pod_size)
        return pod

    @classmethod
    def fit(cls, rng, pod, size):
        """Trim optional parts while the pod is larger than size, then pad up to it."""
        def mf(p, i):
            return p["metadata"]["managedFields"][i]["fieldsV1"]

        def slim_spec_fields(p):
            c = p["spec"]["containers"][0]
            sub = fields_v1({k: c[k] for k in ("name", "image", "ports", "resources") if k in c})
            mf(p, 0)["f:spec"] = {"f:containers": {'k:{"name":"%s"}' % c["name"]: dict(
                [(".", {})] + list(sub.items()))}, "f:restartPolicy": {}, "f:schedulerName": {}}

        def drop_security(p):
            for c in p["spec"]["containers"]:
                c.pop("securityContext", None)
            for k in ("preemptionPolicy", "enableServiceLinks", "priority", "serviceAccount"):
                p["spec"].pop(k, None)

        def slim_status_fields(p):
            mf(p, 1)["f:status"] = {"f:conditions": {'k:{"type":"Ready"}': {
                ".": {}, "f:lastProbeTime": {}, "f:lastTransitionTime": {}, "f:status": {},
                "f:type": {}}}, "f:phase": {}, "f:podIP": {}, "f:startTime": {}}

        def slim_env(p):
            for c in p["spec"]["containers"]:
                c["env"] = c["env"][:2]

        def slim_conditions(p):
            p["status"]["conditions"] = [c for c in p["status"]["conditions"]
                                         if c["type"] in ("Ready", "PodScheduled")]
            p["metadata"]["annotations"].pop("kubectl.kubernetes.io/default-container", None)

        def drop_readiness(p):
            for c in p["spec"]["containers"]:
                c.pop("readinessProbe", None)

        def drop_volumes(p):
            p["spec"]["volumes"] = p["spec"]["volumes"][:1]
            for c in p["spec"]["containers"]:
                c["volumeMounts"] = c["volumeMounts"][:1]
            p["spec"]["tolerations"] = p["spec"]["tolerations"][:1]

        def drop_field_sets(p):
            mf(p, 0).pop("f:spec", None)
            mf(p, 1)["f:status"] = {"f:phase": {}}

        for step in (slim_spec_fields, drop_security, slim_status_fields, slim_env,
                     slim_conditions, drop_readiness, drop_volumes, drop_field_sets):
            if len(dumps(pod)) <= size:
                break
            step(pod)
        cls.pad(rng, pod, size)

    @staticmethod
    def pad(rng, obj, size):
        cur = len(dumps(obj))
        need = size - cur - len('"example.com/notes":"",')
        if need > 0:
            obj["metadata"].setdefault("annotations", {})["example.com/notes"] = filler(rng, need)

    @staticmethod
    def set_phase(pod, phase, t=None):
        ts = ts_of(t)
        st = pod["status"]
        old_phase = st.get("phase")
        st["phase"] = phase
        ready = phase == "Running"
        conds = {c["type"]: c for c in st.get("conditions", [])}
        wanted = [("PodReadyToStartContainers", phase != "Pending"),
                  ("Initialized", True), ("Ready", ready), ("ContainersReady", ready),
                  ("PodScheduled", True)]
        new = []
        for ctype, ok in wanted:
            s = "True" if ok else "False"
            old = conds.get(ctype)
            c = {"type": ctype, "status": s, "lastProbeTime": None,
                 "lastTransitionTime": old["lastTransitionTime"] if old and old["status"] == s else ts}
            if not ok and ctype in ("Ready", "ContainersReady"):
                c["reason"] = "PodCompleted" if phase == "Succeeded" else "ContainersNotReady"
                if phase != "Succeeded":
                    c["message"] = "containers with unready status: [%s]" % (
                        pod["spec"]["containers"][0]["name"])
            new.append(c)
        st["conditions"] = new
        for cs in st.get("containerStatuses", []):
            started_at = (cs.get("state", {}).get("running") or {}).get("startedAt", ts)
            if phase == "Running":
                cs["state"] = {"running": {"startedAt": ts if old_phase != "Running" else started_at}}
                cs["ready"], cs["started"] = True, True
            elif phase == "Pending":
                cs["state"] = {"waiting": {"reason": "ContainerCreating"}}
                cs["ready"], cs["started"] = False, False
            else:
                cs["state"] = {"terminated": {"exitCode": 0, "reason": "Completed",
                                              "startedAt": started_at, "finishedAt": ts,
                                              "containerID": cs.get("containerID", "")}}
                cs["ready"], cs["started"] = False, False

    # ---------------------------------------------------------- other kinds
    def make_namespace(self, rng, name, t):
        return {"metadata": {"name": name, "uid": seeded_uuid(rng), "creationTimestamp": ts_of(t),
                             "labels": {"kubernetes.io/metadata.name": name}},
                "spec": {"finalizers": ["kubernetes"]}, "status": {"phase": "Active"}}

    def make_node(self, rng, i, t):
        name = "node-%d" % i
        labels = {"beta.kubernetes.io/arch": "amd64", "beta.kubernetes.io/os": "linux",
                  "kubernetes.io/arch": "amd64", "kubernetes.io/hostname": name,
                  "kubernetes.io/os": "linux"}
        spec = {"podCIDR": "10.244.%d.0/24" % i, "podCIDRs": ["10.244.%d.0/24" % i],
                "providerID": "kind://docker/fake/%s" % name}
        if i == 0:
            labels["node-role.kubernetes.io/control-plane"] = ""
            spec["taints"] = [{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]
        cap = {"cpu": "8", "ephemeral-storage": "102626232Ki", "hugepages-1Gi": "0",
               "hugepages-2Mi": "0", "memory": "32853576Ki", "pods": "110"}
        alloc = dict(cap, memory="32751176Ki")
        ts = ts_of(t)
        conds = []
        for ctype, s, reason, msg in (
                ("MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
                ("DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
                ("PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available"),
                ("Ready", "True", "KubeletReady", "kubelet is posting ready status")):
            conds.append({"type": ctype, "status": s, "lastHeartbeatTime": ts,
                          "lastTransitionTime": ts, "reason": reason, "message": msg})
        return {"metadata": {"name": name, "uid": seeded_uuid(rng), "creationTimestamp": ts,
                             "labels": labels,
                             "annotations": {"node.alpha.kubernetes.io/ttl": "0",
                                             "volumes.kubernetes.io/controller-managed-attach-detach": "true"}},
                "spec": spec,
                "status": {"capacity": cap, "allocatable": alloc, "conditions": conds,
                           "addresses": [{"type": "InternalIP", "address": "172.18.0.%d" % (2 + i)},
                                         {"type": "Hostname", "address": name}],
                           "daemonEndpoints": {"kubeletEndpoint": {"Port": 10250}},
                           "nodeInfo": {"machineID": rand_hex(rng, 32), "systemUUID": seeded_uuid(rng),
                                        "bootID": seeded_uuid(rng), "kernelVersion": "6.8.0-45-generic",
                                        "osImage": "Debian GNU/Linux 12 (bookworm)",
                                        "containerRuntimeVersion": "containerd://1.7.18",
                                        "kubeletVersion": "v1.32.0", "kubeProxyVersion": "v1.32.0",
                                        "operatingSystem": "linux", "architecture": "amd64"},
                           "images": [{"names": [v], "sizeBytes": rng.randint(10 << 20, 400 << 20)}
                                      for v in sorted(set(IMAGES.values()))]}}

    def make_configmap(self, rng, ns, name, t):
        app_name = rng.choice(APPS)
        return {"metadata": {"name": name, "namespace": ns, "uid": seeded_uuid(rng),
                             "creationTimestamp": ts_of(t), "labels": {"app": app_name}},
                "data": {"LOG_LEVEL": rng.choice(["info", "debug"]),
                         "app.properties": "listen=:8080\nworkers=%d\ncache.ttl=%ds\n" % (
                             rng.randint(1, 16), rng.randint(10, 600)),
                         "revision": "1"}}

    def make_deployment(self, rng, ns, app_name, t):
        h, _ = self._rs_for(rng, ns, app_name)
        tier = rng.choice(TIERS)
        replicas = rng.randint(1, 4)
        return {"metadata": {"name": app_name, "namespace": ns, "uid": seeded_uuid(rng),
                             "creationTimestamp": ts_of(t), "labels": {"app": app_name},
                             "annotations": {"deployment.kubernetes.io/revision": "1"}},
                "spec": {"replicas": replicas, "selector": {"matchLabels": {"app": app_name}},
                         "template": {"metadata": {"creationTimestamp": None,
                                                   "labels": {"app": app_name, "tier": tier}},
                                      "spec": {"containers": [{
                                          "name": app_name, "image": IMAGES[app_name],
                                          "ports": [{"containerPort": 8080, "protocol": "TCP"}],
                                          "resources": {},
                                          "terminationMessagePath": "/dev/termination-log",
                                          "terminationMessagePolicy": "File",
                                          "imagePullPolicy": "IfNotPresent"}],
                                          "restartPolicy": "Always",
                                          "terminationGracePeriodSeconds": 30,
                                          "dnsPolicy": "ClusterFirst", "securityContext": {},
                                          "schedulerName": "default-scheduler"}},
                         "strategy": {"type": "RollingUpdate",
                                      "rollingUpdate": {"maxUnavailable": "25%", "maxSurge": "25%"}},
                         "revisionHistoryLimit": 10, "progressDeadlineSeconds": 600},
                "status": {"observedGeneration": 1, "replicas": replicas,
                           "updatedReplicas": replicas, "readyReplicas": replicas,
                           "availableReplicas": replicas,
                           "conditions": [
                               {"type": "Available", "status": "True", "lastUpdateTime": ts_of(t),
                                "lastTransitionTime": ts_of(t), "reason": "MinimumReplicasAvailable",
                                "message": "Deployment has minimum availability."},
                               {"type": "Progressing", "status": "True", "lastUpdateTime": ts_of(t),
                                "lastTransitionTime": ts_of(t), "reason": "NewReplicaSetAvailable",
                                "message": 'ReplicaSet "%s-%s" has successfully progressed.' % (app_name, h)}]}}

    def make_widget(self, rng, ns, j, t):
        color = rng.choice(["red", "green", "blue"])
        return {"metadata": {"name": "widget-%d" % j, "namespace": ns, "uid": seeded_uuid(rng),
                             "creationTimestamp": ts_of(t), "labels": {"color": color}},
                "spec": {"size": rng.randint(1, 10), "color": color,
                         "tags": sorted(rng.sample(["a", "b", "c", "d"], 2))},
                "status": {"state": "Ready", "observedGeneration": 1}}

    def populate(self):
        args = self.args
        rng = random.Random(args.seed)
        now = obj_time()
        put = self.store.put
        for ns in ["default"] + self.namespaces:
            put(NAMESPACES, self.make_namespace(rng, ns, now - 86400 * 3))
        for i in range(3):
            put(NODES, self.make_node(rng, i, now - 86400 * 3))
        put(SERVICES, {"metadata": {"name": "kubernetes", "namespace": "default",
                                    "uid": seeded_uuid(rng), "creationTimestamp": ts_of(now - 86400 * 3),
                                    "labels": {"component": "apiserver", "provider": "kubernetes"}},
                       "spec": {"ports": [{"name": "https", "protocol": "TCP", "port": 443,
                                           "targetPort": 6443}],
                                "clusterIP": "10.96.0.1", "clusterIPs": ["10.96.0.1"],
                                "type": "ClusterIP", "sessionAffinity": "None",
                                "ipFamilies": ["IPv4"], "ipFamilyPolicy": "SingleStack",
                                "internalTrafficPolicy": "Cluster"},
                       "status": {"loadBalancer": {}}})
        nss = self.namespaces or ["default"]
        for i in range(max(0, args.configmaps)):
            ns = nss[i % len(nss)]
            put(CONFIGMAPS, self.make_configmap(rng, ns, "config-%d" % i,
                                                now - rng.randint(600, 86400)))
        for k, ns in enumerate(self.namespaces):
            put(DEPLOYMENTS, self.make_deployment(rng, ns, APPS[k % len(APPS)],
                                                  now - rng.randint(3600, 86400 * 2)))
            for j in range(2):
                put(WIDGETS, self.make_widget(rng, ns, j, now - rng.randint(60, 86400)))
        for i in range(max(0, args.pods)):
            ns = nss[i % len(nss)]
            put(PODS, self.make_pod(rng, ns, created=now - rng.randint(60, 86400)))

    # ---------------------------------------------------------- churn
    def churn_step(self, rng):
        store = self.store
        with store.lock:
            self.counter += 1
            if rng.random() < 0.1:
                self._churn_configmap(rng)
                return
            pods = store.objs[PODS]
            n = len(pods)
            target = max(1, self.args.pods)
            r = rng.random()
            if n == 0 or n < target * 0.5:
                op = "create"
            elif n > target * 1.5:
                op = "delete"
            else:
                op = "create" if r < 0.25 else ("delete" if r < 0.45 else "modify")
            if op == "create":
                nss = self.namespaces or ["default"]
                store.put(PODS, self.make_pod(rng, rng.choice(nss)))
                return
            keys = list(pods)
            key = keys[rng.randrange(len(keys))]
            entry = pods[key]
            if op == "delete":
                if rng.random() < 0.3 and not entry.obj["metadata"].get("deletionTimestamp"):
                    o = json.loads(entry.full)
                    o["metadata"]["deletionTimestamp"] = ts_of(obj_time() + 30)
                    o["metadata"]["deletionGracePeriodSeconds"] = 30
                    store.put(PODS, o)
                store.delete(PODS, key)
                return
            o = json.loads(entry.full)
            md = o["metadata"]
            labels = md.setdefault("labels", {})
            try:
                labels["gen"] = str(int(labels.get("gen", "0")) + 1)
            except ValueError:
                labels["gen"] = "1"
            if rng.random() < 0.3:
                labels["tier"] = rng.choice([t for t in TIERS if t != labels.get("tier")])
            if rng.random() < 0.4 and "status" in o and "spec" in o:
                cur = o["status"].get("phase")
                self.set_phase(o, rng.choice([p for p in PHASES if p != cur]))
            md.setdefault("annotations", {})["example.com/last-change"] = "%s #%d" % (
                ts_of(), self.counter)
            store.put(PODS, o)

    def _churn_configmap(self, rng):
        store = self.store
        cms = store.objs[CONFIGMAPS]
        r = rng.random()
        nss = self.namespaces or ["default"]
        if not cms or (r < 0.1 and len(cms) < 2 * max(1, self.args.configmaps)):
            name = "config-x%d" % self.counter
            store.put(CONFIGMAPS, self.make_configmap(rng, rng.choice(nss), name, obj_time()))
            return
        keys = list(cms)
        key = keys[rng.randrange(len(keys))]
        if r < 0.2 and len(cms) > 1:
            store.delete(CONFIGMAPS, key)
            return
        o = json.loads(cms[key].full)
        data = o.setdefault("data", {})
        try:
            data["revision"] = str(int(data.get("revision", "0")) + 1)
        except ValueError:
            data["revision"] = "1"
        data["LOG_LEVEL"] = rng.choice(["info", "debug", "warn", "error"])
        store.put(CONFIGMAPS, o)

    def oversized(self, size, ns=None, name=None):
        rng = self.store.rng
        with self.store.lock:
            pods = self.store.objs[PODS]
            if name is None and pods and rng.random() < 0.5:
                keys = sorted(pods)
                key = keys[rng.randrange(len(keys))]
                o = json.loads(pods[key].full)
            elif name is not None and Store.key_for(PODS, ns or "default", name) in pods:
                o = json.loads(pods[Store.key_for(PODS, ns or "default", name)].full)
            else:
                o = self.make_pod(rng, ns or rng.choice(self.namespaces or ["default"]), name=name)
            o["metadata"].setdefault("annotations", {})["example.com/oversized"] = filler(rng, size)
            entry, _ = self.store.put(PODS, o)
            return entry


class Churn:
    def __init__(self, app, rate, seconds):
        self.app = app
        self.cond = threading.Condition()
        self.rate = 0.0
        self.until = None
        self.events = 0
        self.reset = True
        self.rng = random.Random("%s:churn" % app.args.seed)
        self.set(rate, seconds)
        t = threading.Thread(target=self.run, name="churn", daemon=True)
        t.start()

    def set(self, rate, seconds):
        with self.cond:
            self.rate = max(0.0, float(rate))
            self.until = None if seconds is None else time.monotonic() + float(seconds)
            self.reset = True
            self.cond.notify_all()

    def running(self):
        with self.cond:
            return self._running()

    def _running(self):
        return self.rate > 0 and (self.until is None or time.monotonic() < self.until)

    def run(self):
        next_t = time.monotonic()
        while not self.app.stop_event.is_set():
            with self.cond:
                if not self._running():
                    self.cond.wait(0.2)
                    continue
                rate = self.rate
                if self.reset:
                    self.reset = False
                    next_t = time.monotonic()
                now = time.monotonic()
                if now < next_t:
                    self.cond.wait(min(0.2, next_t - now))
                    continue
            done = 0
            while next_t <= now and done < 500:
                try:
                    self.app.gen.churn_step(self.rng)
                except Exception:
                    traceback.print_exc()
                done += 1
                next_t += 1.0 / rate
            with self.cond:
                self.events += done
            if next_t < time.monotonic() - 1.0:
                next_t = time.monotonic()     # don't build an unbounded backlog


# ======================================================================
# HTTP
# ======================================================================

def continue_encode(rv, key):
    raw = json.dumps({"v": "meta.k8s.io/v1", "rv": rv, "start": key + "\x00"},
                     separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def continue_decode(tok):
    try:
        raw = base64.urlsafe_b64decode(tok + "=" * (-len(tok) % 4))
        d = json.loads(raw)
        if d.get("v") != "meta.k8s.io/v1":
            raise ValueError("unrecognized version")
        rv, start = d["rv"], d["start"]
        if not isinstance(rv, int) or rv <= 0 or not isinstance(start, str):
            raise ValueError("bad token")
        return rv, start
    except Exception as e:
        raise bad_request("continue key is not valid: %s" % e)


def parse_api_path(path):
    """-> (res, namespace or None, name or None, watch_prefix); no subresource"""
    res, ns, name, watch, sub = parse_api_path_sub(path)
    if sub is not None:
        raise ApiError(404, "NotFound", "the server could not find the requested resource", {})
    return res, ns, name, watch


def has_status(res):
    return any(s[0] == "status" for s in res.subresources)


def parse_api_path_sub(path):
    """-> (res, namespace or None, name or None, watch_prefix, subresource or None):
    .../NAME/status is the status subresource of the resources that have one"""
    segs = [s for s in path.split("/") if s != ""]
    sub = None
    if len(segs) >= 4 and segs[-1] == "status" and "watch" not in segs:
        base = parse_api_path_sub("/".join(segs[:-1]))
        if base[2] is not None and has_status(base[0]):
            return base[0], base[1], base[2], False, "status"
    if not segs:
        raise ApiError(404, "NotFound", "the server could not find the requested resource", {})
    if segs[0] == "api" and len(segs) >= 2:
        group, version, rest = "", segs[1], segs[2:]
    elif segs[0] == "apis" and len(segs) >= 3:
        group, version, rest = segs[1], segs[2], segs[3:]
    else:
        raise ApiError(404, "NotFound", "the server could not find the requested resource", {})
    watch = False
    if rest and rest[0] == "watch":
        watch, rest = True, rest[1:]
    ns = name = None
    if len(rest) == 1:
        plural = rest[0]
    elif len(rest) == 2 and rest[0] == "namespaces" and not group:
        plural, name = "namespaces", rest[1]
    elif len(rest) == 2:
        plural, name = rest
    elif len(rest) in (3, 4) and rest[0] == "namespaces":
        ns, plural = rest[1], rest[2]
        name = rest[3] if len(rest) == 4 else None
    else:
        raise ApiError(404, "NotFound", "the server could not find the requested resource", {})
    res = BY_GVR.get((group, version, plural))
    if res is None or (ns is not None and not res.namespaced) or \
            (ns is None and name is not None and res.namespaced):
        raise ApiError(404, "NotFound", "the server could not find the requested resource", {})
    return res, ns, name, watch, sub


def json_patch(doc, ops):
    """RFC 6902 on a copy of doc: add, remove, replace, move, copy, test.
    A failed test or a path that does not resolve is 422 Invalid, as the real
    server answers; a malformed operation is 400."""
    doc = copy.deepcopy(doc)
    if not isinstance(ops, list):
        raise bad_request("json patch must be an array of operations")

    def pointer(p):
        if not isinstance(p, str) or (p and not p.startswith("/")):
            raise bad_request("json patch: bad path %r" % (p,))
        return [t.replace("~1", "/").replace("~0", "~") for t in p.split("/")[1:]] if p else []

    def fail(msg):
        return ApiError(422, "Invalid", "the server rejected our request due to an error in our "
                        "request: %s" % msg, {})

    def parent(d, toks, what):
        cur = d
        for t in toks[:-1]:
            if isinstance(cur, dict) and t in cur:
                cur = cur[t]
            elif isinstance(cur, list) and t.isdigit() and int(t) < len(cur):
                cur = cur[int(t)]
            else:
                raise fail("%s: path does not exist" % what)
        return cur

    def get(d, toks, what):
        if not toks:
            return d
        c, t = parent(d, toks, what), toks[-1]
        if isinstance(c, dict) and t in c:
            return c[t]
        if isinstance(c, list) and t.isdigit() and int(t) < len(c):
            return c[int(t)]
        raise fail("%s: path does not exist" % what)

    def remove(d, toks, what):
        if not toks:
            raise fail("%s: cannot remove the root" % what)
        c, t = parent(d, toks, what), toks[-1]
        if isinstance(c, dict) and t in c:
            return c.pop(t)
        if isinstance(c, list) and t.isdigit() and int(t) < len(c):
            return c.pop(int(t))
        raise fail("%s: path does not exist" % what)

    def add(d, toks, v, what):
        if not toks:
            return v
        c, t = parent(d, toks, what), toks[-1]
        if isinstance(c, dict):
            c[t] = v
        elif isinstance(c, list) and t == "-":
            c.append(v)
        elif isinstance(c, list) and t.isdigit() and int(t) <= len(c):
            c.insert(int(t), v)
        else:
            raise fail("%s: path does not exist" % what)
        return d

    for i, op in enumerate(ops):
        if not isinstance(op, dict) or op.get("op") not in ("add", "remove", "replace", "move", "copy", "test"):
            raise bad_request("json patch: operation %d has no valid op" % i)
        kind, toks = op["op"], pointer(op.get("path"))
        what = "%s operation %d (%s)" % (kind, i, op.get("path"))
        if kind in ("add", "replace", "test") and "value" not in op:
            raise bad_request("json patch: %s has no value" % what)
        if kind == "add":
            doc = add(doc, toks, copy.deepcopy(op["value"]), what)
        elif kind == "remove":
            remove(doc, toks, what)
        elif kind == "replace":
            remove(doc, toks, what) if toks else None
            doc = add(doc, toks, copy.deepcopy(op["value"]), what)
        elif kind in ("move", "copy"):
            frm = pointer(op.get("from"))
            if kind == "move" and toks[:len(frm)] == frm and len(toks) > len(frm):
                raise bad_request("json patch: %s moves a value into itself" % what)
            v = remove(doc, frm, what) if kind == "move" else copy.deepcopy(get(doc, frm, what))
            doc = add(doc, toks, v, what)
        elif get(doc, toks, what) != op["value"]:
            raise fail("testing value %s failed" % op.get("path"))
    return doc


def merge_patch(target, patch):
    if not isinstance(patch, dict):
        return patch
    if not isinstance(target, dict):
        target = {}
    out = dict(target)
    for k, v in patch.items():
        if v is None:
            out.pop(k, None)
        else:
            out[k] = merge_patch(out.get(k), v)
    return out


# ---------------------------------------------------------------- server-side apply
# A field manager's fields are the leaves of what it applied: paths of keys
# whose value is a scalar, a list (atomic here: no associative lists) or an
# empty object. Kept as the real server keeps them, in metadata.managedFields
# (manager, operation Apply, fieldsType FieldsV1, fieldsV1 {"f:a": {"f:b": {}}}).
APPLY_SKIP = {("apiVersion",), ("kind",), ("metadata", "name"), ("metadata", "namespace"),
              ("metadata", "resourceVersion"), ("metadata", "managedFields"), ("metadata", "uid"),
              ("metadata", "creationTimestamp"), ("metadata", "generation")}


def apply_leaves(obj, prefix=()):
    out = {}
    for k, v in obj.items():
        p = prefix + (k,)
        if p in APPLY_SKIP:
            continue
        if isinstance(v, dict) and v:
            out.update(apply_leaves(v, p))
        else:
            out[p] = v
    return out


def fields_v1(paths):
    tree = {}
    for p in sorted(paths):
        node = tree
        for k in p:
            node = node.setdefault("f:" + k, {})
    return tree


def fields_paths(tree, prefix=()):
    out = set()
    for k, v in (tree or {}).items():
        if not k.startswith("f:"):
            continue
        p = prefix + (k[2:],)
        sub = fields_paths(v, p) if isinstance(v, dict) else set()
        out |= sub or {p}
    return out


def path_get(obj, p):
    for k in p:
        if not isinstance(obj, dict) or k not in obj:
            return False, None
        obj = obj[k]
    return True, obj


def path_set(obj, p, v):
    for k in p[:-1]:
        if not isinstance(obj.get(k), dict):
            obj[k] = {}
        obj = obj[k]
    obj[p[-1]] = copy.deepcopy(v)


def path_del(obj, p):
    for k in p[:-1]:
        obj = obj.get(k) if isinstance(obj, dict) else None
    if isinstance(obj, dict):
        obj.pop(p[-1], None)


def apply_conflict(conflicts):
    """The real server's 409 for fields other managers own (structured-merge-diff's wording)."""
    causes = [{"reason": "FieldManagerConflict", "message": 'conflict with "%s"' % m,
               "field": "." + ".".join(p)} for m, p in conflicts]
    if len(conflicts) == 1:
        msg = 'Apply failed with 1 conflict: conflict with "%s": %s' % (conflicts[0][0], causes[0]["field"])
    else:
        lines = []
        for m in sorted({m for m, _ in conflicts}):
            lines.append('conflicts with "%s":' % m)
            lines += ["- ." + ".".join(p) for mm, p in conflicts if mm == m]
        msg = "Apply failed with %d conflicts: %s" % (len(conflicts), "\n".join(lines))
    return ApiError(409, "Conflict", msg, {"causes": causes})


def server_side_apply(old, cfg, manager, force, api_version):
    """The object after manager applies cfg to old (None: absent), with its
    managedFields; raises the 409 of a conflict unless force. A field another
    manager owns conflicts when this apply sets it to another value (the same
    value: both own it); force takes it from them. A field this manager
    applied before and leaves out now is removed, unless another owns it."""
    leaves = apply_leaves(cfg)
    out = copy.deepcopy(old) if old is not None else {}
    md = out.setdefault("metadata", {})
    entries = [e for e in (md.get("managedFields") or []) if isinstance(e, dict)]
    owners, mine = {}, set()
    for e in entries:
        paths = fields_paths(e.get("fieldsV1"))
        if e.get("manager") == manager and e.get("operation") == "Apply":
            mine |= paths
        else:
            for p in paths:
                owners.setdefault(p, []).append(e.get("manager"))
    conflicts = []
    for p, v in sorted(leaves.items()):
        found, cur = path_get(out, p)
        if p in owners and (not found or cur != v):
            conflicts += [(m, p) for m in owners[p]]
    if conflicts and not force:
        raise apply_conflict(conflicts)
    taken = {p for _, p in conflicts}
    kept = []
    for e in entries:
        if e.get("manager") == manager and e.get("operation") == "Apply":
            continue
        left = fields_paths(e.get("fieldsV1")) - taken
        if left:
            e = dict(e, fieldsV1=fields_v1(left))
            kept.append(e)
    for p in mine - set(leaves):
        if p not in owners:
            path_del(out, p)
    for p, v in leaves.items():
        path_set(out, p, v)
    kept.append({"manager": manager, "operation": "Apply", "apiVersion": api_version, "time": ts_of(),
                 "fieldsType": "FieldsV1", "fieldsV1": fields_v1(leaves)})
    out["metadata"]["managedFields"] = kept
    return out


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    allow_reuse_address = True
    request_queue_size = 128

    def server_bind(self):
        socketserver.TCPServer.server_bind(self)
        self.server_name = self.server_address[0]
        self.server_port = self.server_address[1]

    def get_request(self):
        sock, addr = self.socket.accept()
        ctx = APP.ssl_ctx if APP is not None else None
        if ctx is not None:
            # the handshake runs in the handler thread (Handler.setup), not here
            sock = ctx.wrap_socket(sock, server_side=True, do_handshake_on_connect=False)
        return sock, addr

    def handle_error(self, request, client_address):
        if APP is not None and APP.args.verbose:
            traceback.print_exc()


class Server6(Server):
    address_family = socket.AF_INET6


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fakeapi/1"
    sys_version = ""

    # ------------------------------------------------------ plumbing
    def setup(self):
        if isinstance(self.request, ssl.SSLSocket):
            self.request.settimeout(10)
            try:
                self.request.do_handshake()
            except OSError:
                if APP.args.client_ca:
                    self._linger_after_failed_handshake()
                raise
            self.request.settimeout(None)
        http.server.BaseHTTPRequestHandler.setup(self)
        try:
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            pass
        APP.track(self.connection, True)

    def _linger_after_failed_handshake(self):
        """With --client-ca: the alert that refuses a client certificate is
        out; half-close and read what the client still sends (its Finished,
        ...) so that closing does not reset the connection, since a reset can
        make the client's kernel drop the alert before the client reads it."""
        sock = self.request
        try:
            sock.shutdown(socket.SHUT_WR)
            sock.settimeout(0.5)
            deadline = time.monotonic() + 2
            while time.monotonic() < deadline and sock.recv(4096):
                pass
        except OSError:
            pass

    def finish(self):
        try:
            http.server.BaseHTTPRequestHandler.finish(self)
        except OSError:
            pass
        finally:
            APP.track(self.connection, False)

    def log_message(self, fmt, *args):
        if APP.args.verbose:
            sys.stderr.write("fakeapi: %s %s\n" % (self.address_string(), fmt % args))

    def do_GET(self):
        self._dispatch("GET")

    def do_POST(self):
        self._dispatch("POST")

    def do_PUT(self):
        self._dispatch("PUT")

    def do_PATCH(self):
        self._dispatch("PATCH")

    def do_DELETE(self):
        self._dispatch("DELETE")

    def _read_body(self):
        te = (self.headers.get("Transfer-Encoding") or "").lower()
        if "chunked" in te:
            parts, total = [], 0
            for _ in range(1 << 20):
                line = self.rfile.readline(1024)
                if not line:
                    raise bad_request("truncated chunked body")
                try:
                    n = int(line.split(b";")[0].strip(), 16)
                except ValueError:
                    raise bad_request("bad chunk size")
                if n == 0:
                    for _ in range(100):
                        t = self.rfile.readline(8192)
                        if t in (b"\r\n", b"\n", b""):
                            break
                    break
                total += n
                if total > MAX_BODY:
                    raise ApiError(413, "RequestEntityTooLarge", "request body too large")
                parts.append(self.rfile.read(n))
                self.rfile.readline(8)
            return b"".join(parts)
        cl = self.headers.get("Content-Length")
        if not cl:
            return b""
        try:
            n = int(cl)
        except ValueError:
            raise bad_request("bad Content-Length")
        if n < 0 or n > MAX_BODY:
            raise ApiError(413, "RequestEntityTooLarge", "request body too large")
        return self.rfile.read(n)

    def _send(self, code, body, ctype="application/json", headers=(), compressible=False):
        if isinstance(body, str):
            body = body.encode("utf-8")
        hdrs = list(headers)
        if compressible and APP.args.gzip and len(body) > 128 * 1024 and \
                "gzip" in (self.headers.get("Accept-Encoding") or ""):
            body = gzip.compress(body, 1)
            hdrs.append(("Content-Encoding", "gzip"))
            APP.bump("gzip_responses")
            bad = APP.faults.take("badgzip") if compressible == "list" else None
            if bad is not None:
                body = bad_gzip(body, bad["mode"])
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Cache-Control", "no-cache, private")
        self.send_header("Audit-Id", str(uuid.uuid4()))
        for k, v in hdrs:
            self.send_header(k, v)
        chunked = compressible == "list" and APP.args.chunked_lists
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.sent_headers = True
        if not chunked:
            self.wfile.write(body)
            return
        rng = random.Random("%s:list:%d" % (APP.args.seed, self.req_no))
        pos = 0
        while pos < len(body):
            n = rng.randint(1, 16384)
            self._chunk(body[pos:pos + n])
            pos += n
        self.wfile.write(b"0\r\n\r\n")

    def _send_json(self, code, obj, headers=()):
        self._send(code, dumps(obj), headers=headers)

    def _send_text(self, code, text):
        self._send(code, text, ctype="text/plain; charset=utf-8")

    def _send_error(self, e):
        self._send(e.code, e.body(), headers=e.headers)

    def _chunk(self, data):
        self.wfile.write(b"%x\r\n" % len(data) + data + b"\r\n")

    def _abort(self):
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    # ------------------------------------------------------ routing
    def _dispatch(self, method):
        self.req_no = APP.bump("requests")
        self.sent_headers = False
        try:
            u = urllib.parse.urlsplit(self.path)
            path = urllib.parse.unquote(u.path)
            q = {}
            for k, v in urllib.parse.parse_qsl(u.query, keep_blank_values=True):
                q.setdefault(k, v)
            body = self._read_body()
            if path == "/_fake" or path.startswith("/_fake/"):
                return self._control(method, path, q, body)
            if path in ("/healthz", "/livez", "/readyz"):
                return self._send_text(200, "ok")
            if path == "/version":
                return self._send_json(200, {
                    "major": "1", "minor": "32", "gitVersion": "v1.32.0-fakeapi",
                    "gitCommit": "0" * 40, "gitTreeState": "clean",
                    "buildDate": "2024-12-11T00:00:00Z", "goVersion": "go1.23.4",
                    "compiler": "gc", "platform": "linux/amd64"})
            segs = [s for s in path.split("/") if s]
            if not segs or segs[0] not in ("api", "apis", "openapi"):
                raise ApiError(404, "NotFound", "the server could not find the requested resource", {})
            self._check_auth()
            if segs[0] == "openapi":
                raise ApiError(404, "NotFound", "the server could not find the requested resource", {})
            if (segs[0] == "api" and len(segs) <= 2) or (segs[0] == "apis" and len(segs) <= 3):
                if method != "GET":
                    raise ApiError(405, "MethodNotAllowed", "the server does not allow this method on the requested resource")
                return self._discovery(segs)
            return self._resource(method, path, q, body)
        except CutConnection:
            self.close_connection = True
        except ApiError as e:
            if self.sent_headers:
                self._abort()
            else:
                try:
                    self._send_error(e)
                except OSError:
                    self.close_connection = True
        except OSError:
            self.close_connection = True
        except Exception:
            traceback.print_exc()
            if self.sent_headers:
                self._abort()
            else:
                try:
                    self._send_error(ApiError(500, "InternalError", "internal error in fakeapi"))
                except OSError:
                    self.close_connection = True

    def _check_auth(self):
        want = APP.current_token()
        if want is False:
            return
        got = self.headers.get("Authorization") or ""
        if want is None or got != "Bearer " + want:
            raise ApiError(401, "Unauthorized", "Unauthorized")

    # ------------------------------------------------------ discovery
    # As the real server: the legacy documents (/api, /apis, /apis/G, /api/v1,
    # /apis/G/V), and the aggregated form (one APIGroupDiscoveryList for /api
    # and one for /apis) to a client whose Accept asks for it first, unless
    # --no-aggregated-discovery.
    AGG_TYPES = ("application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList",
                 "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList")

    def _aggregated_wanted(self):
        """The aggregated media type the client prefers, or None (legacy JSON)."""
        if APP.args.no_aggregated_discovery:
            return None
        for part in (self.headers.get("Accept") or "").split(","):
            params = [x.strip() for x in part.split(";")]
            if params[0] not in ("application/json", "*/*"):
                continue
            kv = dict(x.split("=", 1) for x in params[1:] if "=" in x)
            if kv.get("g") == "apidiscovery.k8s.io" and kv.get("as") == "APIGroupDiscoveryList":
                if kv.get("v") == "v2":
                    return self.AGG_TYPES[0]
                if kv.get("v") == "v2beta1":
                    return self.AGG_TYPES[1]
                continue
            if params[0] == "application/json" and "g" not in kv:
                return None     # plain JSON comes first: the legacy documents
        return None

    @staticmethod
    def _legacy_resources(rs):
        out = []
        for r in rs:
            d = {"name": r.plural, "singularName": r.singular, "namespaced": r.namespaced,
                 "kind": r.kind, "verbs": list(r.verbs)}
            if r.short:
                d["shortNames"] = list(r.short)
            if r.categories:
                d["categories"] = list(r.categories)
            out.append(d)
            for name, g, v, kind, verbs in r.subresources:
                sd = {"name": "%s/%s" % (r.plural, name), "singularName": "",
                      "namespaced": r.namespaced, "kind": kind or r.kind, "verbs": list(verbs)}
                if g is not None and (g, v) != (r.group, r.version):
                    sd["group"], sd["version"] = g, v
                out.append(sd)
        return out

    @staticmethod
    def _aggregated_group(name, versions, resources):
        """One APIGroupDiscovery: versions in preference order."""
        vs = []
        for v in versions:
            rs = []
            for r in resources:
                if r.version != v:
                    continue
                d = {"resource": r.plural,
                     "responseKind": {"group": "", "version": "", "kind": r.kind},
                     "scope": "Namespaced" if r.namespaced else "Cluster",
                     "singularResource": r.singular, "verbs": list(r.verbs)}
                if r.short:
                    d["shortNames"] = list(r.short)
                if r.categories:
                    d["categories"] = list(r.categories)
                subs = []
                for sname, g, sv, kind, verbs in r.subresources:
                    sk = {"group": "", "version": "", "kind": kind or r.kind}
                    if g is not None and (g, sv) != (r.group, r.version):
                        sk = {"group": g, "version": sv, "kind": kind}
                    subs.append({"subresource": sname, "responseKind": sk, "verbs": list(verbs)})
                if subs:
                    d["subresources"] = subs
                rs.append(d)
            vs.append({"version": v, "resources": rs, "freshness": "Current"})
        md = {"creationTimestamp": None}
        if name:
            md = {"name": name, "creationTimestamp": None}
        return {"metadata": md, "versions": vs}

    def _discovery(self, segs):
        port = self.server.server_port
        with APP.store.lock:
            resources = list(RESOURCES)
            groups = [(g, list(vs)) for g, vs in GROUPS.items()]
        agg = self._aggregated_wanted() if segs in (["api"], ["apis"]) else None
        if agg:
            APP.bump("discovery_aggregated")
            if segs == ["api"]:
                items = [self._aggregated_group("", ["v1"], [r for r in resources if not r.group])]
            else:
                items = [self._aggregated_group(g, vs, [r for r in resources if r.group == g])
                         for g, vs in groups]
            body = {"kind": "APIGroupDiscoveryList",
                    "apiVersion": "apidiscovery.k8s.io/" + agg.split(";v=")[1].split(";")[0],
                    "metadata": {}, "items": items}
            return self._send(200, dumps(body), ctype=agg, headers=[("Vary", "Accept")])
        APP.bump("discovery_legacy")
        if segs == ["api"]:
            return self._send_json(200, {"kind": "APIVersions", "versions": ["v1"],
                                         "serverAddressByClientCIDRs": [
                                             {"clientCIDR": "0.0.0.0/0",
                                              "serverAddress": "127.0.0.1:%d" % port}]})
        if segs == ["apis"]:
            out = []
            for g, versions in groups:
                vs = [{"groupVersion": "%s/%s" % (g, v), "version": v} for v in versions]
                out.append({"name": g, "versions": vs, "preferredVersion": vs[0]})
            return self._send_json(200, {"kind": "APIGroupList", "apiVersion": "v1", "groups": out})
        if segs[0] == "apis" and len(segs) == 2:
            g = segs[1]
            versions = dict(groups).get(g)
            if not versions:
                raise ApiError(404, "NotFound", "the server could not find the requested resource", {})
            vs = [{"groupVersion": "%s/%s" % (g, v), "version": v} for v in versions]
            return self._send_json(200, {"kind": "APIGroup", "apiVersion": "v1", "name": g,
                                         "versions": vs, "preferredVersion": vs[0]})
        group, version = ("", segs[1]) if segs[0] == "api" else (segs[1], segs[2])
        rs = [r for r in resources if r.group == group and r.version == version]
        if not rs:
            raise ApiError(404, "NotFound", "the server could not find the requested resource", {})
        gv = "%s/%s" % (group, version) if group else version
        body = {"kind": "APIResourceList", "groupVersion": gv, "resources": self._legacy_resources(rs)}
        if group:
            body = {"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": gv,
                    "resources": body["resources"]}
        return self._send_json(200, body)

    # ------------------------------------------------------ resources
    def _resource(self, method, path, q, body):
        res, ns, name, watch_prefix, sub = parse_api_path_sub(path)
        watch = watch_prefix or truthy(q.get("watch"))
        verb = {"GET": "watch" if watch else "get" if name is not None else "list",
                "POST": "create", "PUT": "update", "PATCH": "patch", "DELETE": "delete"}.get(method)
        if verb not in res.verbs or (sub is not None and verb not in ("get", "update", "patch")):
            raise ApiError(405, "MethodNotAllowed", "the server does not allow this method on the requested resource")
        if method != "GET" or (name is not None and not watch):
            self._object_fault()
        if method == "GET":
            if watch:
                APP.bump("watch", res)
                self._status_fault()
                return self._watch(res, ns, name, q, path)
            if name is not None:
                APP.bump("get", res)
                return self._get(res, ns, name)
            APP.bump("list", res)
            self._status_fault()
            return self._list(res, ns, q)
        if method == "POST":
            if name is not None:
                raise ApiError(405, "MethodNotAllowed", "the server does not allow this method on the requested resource")
            obj = self._body_object(body, res, ns, None)
            if has_status(res):
                obj.pop("status", None)     # as the real server: status is set through /status only
            entry, _ = APP.store.put(res, obj, mode="create")
            APP.bump("create", res)
            return self._send(201, entry.full)
        if name is None:
            raise ApiError(405, "MethodNotAllowed", "the server does not allow this method on the requested resource")
        key = Store.key_for(res, ns, name)
        if method == "PUT":
            obj = self._body_object(body, res, ns, name)
            with APP.store.lock:
                cur = APP.store.objs[res].get(key)
                if cur is None:
                    raise not_found(res, name)
                obj = self._keep_status_rules(res, sub, json.loads(cur.full), obj)
                entry, _ = APP.store.put(res, obj, mode="update",
                                         expect_rv=obj["metadata"].get("resourceVersion") or None)
            APP.bump("update", res)
            return self._send(200, entry.full)
        if method == "PATCH":
            ctype = (self.headers.get("Content-Type") or "").split(";")[0].strip()
            if ctype == "application/apply-patch+yaml":
                return self._apply(res, ns, name, sub, key, q, body)
            if ctype not in ("application/apply-patch+yaml", "application/merge-patch+json", "application/strategic-merge-patch+json",
                             "application/json-patch+json"):
                raise ApiError(415, "UnsupportedMediaType",
                               "the body of the request was in an unknown format - accepted media "
                               "types include: application/json-patch+json, application/merge-patch+json, "
                               "application/apply-patch+yaml, application/strategic-merge-patch+json")
            try:
                patch = json.loads(body or (b"[]" if ctype == "application/json-patch+json" else b"{}"))
            except ValueError as e:
                raise bad_request("error decoding patch: %s" % e)
            if ctype != "application/json-patch+json" and not isinstance(patch, dict):
                raise bad_request("error decoding patch: a merge patch must be a JSON object")
            with APP.store.lock:
                cur = APP.store.objs[res].get(key)
                if cur is None:
                    raise not_found(res, name)
                old = json.loads(cur.full)
                if ctype == "application/json-patch+json":
                    obj = json_patch(old, patch)
                    want_rv = None      # a "test" of /metadata/resourceVersion is the precondition
                else:
                    obj = merge_patch(old, patch)
                    want_rv = (patch.get("metadata") or {}).get("resourceVersion")
                if not isinstance(obj, dict) or not isinstance(obj.get("metadata"), dict):
                    raise bad_request("patch removed metadata")
                if obj["metadata"].get("name") != name or (ns is not None and obj["metadata"].get("namespace") != ns):
                    raise bad_request("the patch may not change the name or namespace")
                obj["metadata"]["resourceVersion"] = cur.obj["metadata"]["resourceVersion"]
                obj = self._keep_status_rules(res, sub, json.loads(cur.full), obj)
                entry, _ = APP.store.put(res, obj, mode="update", expect_rv=want_rv)
            APP.bump("json_patch" if ctype == "application/json-patch+json" else "merge_patch", res)
            return self._send(200, entry.full)
        if method == "DELETE":
            pre = {}
            if body:
                try:
                    opts = json.loads(body)
                except ValueError as e:
                    raise bad_request("the body of the request could not be decoded: %s" % e)
                if not isinstance(opts, dict) or not isinstance(opts.get("preconditions") or {}, dict):
                    raise bad_request("the body of a delete must be DeleteOptions")
                pre = opts.get("preconditions") or {}
            with APP.store.lock:
                cur = APP.store.objs[res].get(key)
                if cur is None:
                    raise not_found(res, name)
                md = cur.obj["metadata"]
                for field, label in (("uid", "UID"), ("resourceVersion", "ResourceVersion")):
                    if pre.get(field) and pre[field] != md.get(field):
                        raise ApiError(409, "Conflict",
                                       'Operation cannot be fulfilled on %s "%s": Precondition failed: '
                                       "%s in precondition: %s, %s in object meta: %s"
                                       % (res.plural, name, label, pre[field], label, md.get(field)),
                                       {"name": name, "kind": res.plural})
                entry = APP.store.delete(res, key)
            APP.bump("delete", res)
            return self._send(200, entry.full)
        raise ApiError(405, "MethodNotAllowed", "the server does not allow this method on the requested resource")

    def _apply(self, res, ns, name, sub, key, q, body):
        """Server-side apply: the body is JSON (which is YAML; this fake reads
        no other YAML), fieldManager required, force=true takes conflicting
        fields; the object is created when absent (not through /status).
        Counted in stats' apply, whatever the answer."""
        APP.bump("apply", res)
        manager = q.get("fieldManager") or ""
        if not manager:
            raise invalid("PatchOptions.meta.k8s.io", "fieldManager: Required value: is required for apply patch")
        if len(manager) > 128:
            raise invalid("PatchOptions.meta.k8s.io", "fieldManager: Too long: may not be more than 128 bytes")
        try:
            cfg = json.loads(body or b"")
        except ValueError as e:
            raise bad_request("error decoding YAML: this fake server reads apply patches in JSON only: %s" % e)
        if not isinstance(cfg, dict) or not isinstance(cfg.get("metadata", {}), dict):
            raise bad_request("error decoding patch: an apply patch must be an object")
        if not cfg.get("apiVersion") or not cfg.get("kind"):
            raise bad_request("invalid object type: %s, Kind=%s" % (cfg.get("apiVersion") or "/", cfg.get("kind") or ""))
        if cfg.get("kind") != res.kind or cfg.get("apiVersion") != res.api_version:
            raise bad_request("the apply patch's apiVersion and kind (%s %s) are not the resource's (%s %s)"
                              % (cfg.get("apiVersion"), cfg.get("kind"), res.api_version, res.kind))
        md = cfg.get("metadata") or {}
        if md.get("name") != name:
            raise bad_request("the name of the object (%s) does not match the name on the URL (%s)" % (md.get("name"), name))
        if ns is not None and md.get("namespace") not in (None, ns):
            raise bad_request("the namespace of the object (%s) does not match the namespace on the request (%s)"
                              % (md.get("namespace"), ns))
        force = truthy(q.get("force"))
        with APP.store.lock:
            cur = APP.store.objs[res].get(key)
            if cur is None:
                if sub is not None:
                    raise not_found(res, name)
                obj = server_side_apply(None, cfg, manager, force, res.api_version)
                obj["metadata"]["name"] = name
                if ns is not None:
                    obj["metadata"]["namespace"] = ns
                if has_status(res):
                    obj.pop("status", None)
                entry, _ = APP.store.put(res, obj, mode="create")
                code = 201
            else:
                obj = server_side_apply(json.loads(cur.full), cfg, manager, force, res.api_version)
                obj["metadata"]["resourceVersion"] = cur.obj["metadata"]["resourceVersion"]
                fields = obj["metadata"]["managedFields"]
                obj = self._keep_status_rules(res, sub, json.loads(cur.full), obj)
                obj["metadata"]["managedFields"] = fields
                entry, _ = APP.store.put(res, obj, mode="update", expect_rv=md.get("resourceVersion"))
                code = 200
        return self._send(code, entry.full)

    @staticmethod
    def _keep_status_rules(res, sub, cur, obj):
        """As the real server, for a resource with a status subresource: a write
        to /status changes the status only; a write to the object leaves the
        status as it was. Other resources take the object as it is."""
        if not has_status(res):
            return obj
        if sub == "status":
            out = cur
            out["metadata"]["resourceVersion"] = obj["metadata"].get("resourceVersion") or None
            if "status" in obj:
                out["status"] = obj["status"]
            else:
                out.pop("status", None)
            return out
        if "status" in cur:
            obj["status"] = cur["status"]
        else:
            obj.pop("status", None)
        return obj

    def _body_object(self, body, res, ns, name):
        try:
            obj = json.loads(body or b"")
        except ValueError as e:
            raise bad_request("the body of the request could not be decoded: %s" % e)
        if not isinstance(obj, dict):
            raise bad_request("the body of the request must be a JSON object")
        if obj.get("kind") not in (None, "", res.kind) or \
                obj.get("apiVersion") not in (None, "", res.api_version):
            raise bad_request("the API version in the data (%s) does not match the expected API "
                              "version (%s)" % (obj.get("apiVersion"), res.api_version))
        md = obj.setdefault("metadata", {})
        if not isinstance(md, dict):
            raise bad_request("metadata must be an object")
        if res.namespaced:
            if ns is None:
                raise bad_request("a namespace is required in the path")
            if md.get("namespace") not in (None, "", ns):
                raise bad_request("the namespace of the provided object does not match the "
                                  "namespace sent on the request")
            md["namespace"] = ns
        if name is not None:
            if md.get("name") not in (None, "", name):
                raise bad_request("the name of the object (%s) does not match the name on the "
                                  "URL (%s)" % (md.get("name"), name))
            md["name"] = name
        return obj

    def _object_fault(self):
        """The faults of a request for one object (get, create, update, patch,
        delete): object_cut closes the connection with no response,
        object_status answers as the status fault does."""
        if APP.faults.take("object_cut") is not None:
            APP.bump("object_cuts")
            self._abort()
            raise CutConnection()
        self._status_fault("object_status")

    def _status_fault(self, kind="status"):
        f = APP.faults.take(kind)
        if f is None:
            return
        if kind == "object_status":
            APP.bump("object_status_sent")
        code = int(f.get("code", 500))
        reason = REASONS.get(code, "InternalError")
        msg = {429: "Too many requests, please try again later.",
               503: "the server is currently unable to handle the request",
               504: "the server was unable to return a response in the time allotted, but may still be processing the request"}.get(
            code, "fakeapi: injected fault (HTTP %d)" % code)
        headers, details = [], None
        if f.get("retry_after") is not None:
            headers.append(("Retry-After", str(f["retry_after"])))
            details = {"retryAfterSeconds": int(float(f["retry_after"]))}
        raise ApiError(code, reason, msg, details, headers)

    def _get(self, res, ns, name):
        with APP.store.lock:
            e = APP.store.objs[res].get(Store.key_for(res, ns, name))
        if e is None:
            raise not_found(res, name)
        return self._send(200, e.full, compressible=True)

    def _accept_meta(self, is_list):
        """As the real server's content negotiation, for the one conversion
        this fake does: the first media type of the Accept header it can
        serve. application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1
        (a list) or ...;as=PartialObjectMetadata;... (a watch) gives objects
        as metadata only; plain application/json (or */*) full objects; other
        conversions (as=Table, ...) it passes over. True for metadata."""
        want = "PartialObjectMetadataList" if is_list else "PartialObjectMetadata"
        if APP.args.ignore_metadata_accept:
            return False
        for part in (self.headers.get("Accept") or "").split(","):
            fields = [f.strip() for f in part.split(";")]
            mt = fields[0].lower()
            params = dict(f.split("=", 1) for f in fields[1:] if "=" in f)
            if mt not in ("application/json", "application/*", "*/*"):
                continue
            if "as" not in params:
                return False
            if params.get("as") == want and params.get("g") == "meta.k8s.io" and params.get("v") in ("v1", "v1beta1"):
                return True
        return False

    def _list(self, res, ns, q):
        store = APP.store
        lsel, fsel = selectors(res, q.get("labelSelector", ""), q.get("fieldSelector", ""))
        match = Matcher(res, foreign_ns(ns), lsel, fsel)
        limit = parse_int_param(q, "limit", 0)
        cont = q.get("continue") or ""
        rvp = q.get("resourceVersion")
        rvm = q.get("resourceVersionMatch") or ""
        if rvm and rvm not in ("NotOlderThan", "Exact"):
            raise invalid("ListOptions", 'resourceVersionMatch: Unsupported value: "%s": supported '
                          'values: "Exact", "NotOlderThan", ""' % rvm)
        if cont and rvm:
            raise invalid("ListOptions", "resourceVersionMatch: Forbidden: resourceVersionMatch is "
                          "forbidden when continue is provided")
        if rvm and not rvp:
            raise invalid("ListOptions", "resourceVersionMatch: Forbidden: resourceVersionMatch is "
                          "forbidden unless resourceVersion is provided")
        if rvm == "Exact" and rvp == "0":
            raise invalid("ListOptions", 'resourceVersionMatch: Forbidden: resourceVersionMatch "exact" '
                          'is forbidden for resourceVersion "0"')
        if cont and rvp not in (None, "", "0"):
            raise bad_request("specifying resource version is not allowed when using continue")
        start = None
        with store.lock:
            cur = store.rv
            if cont:
                crv, start = continue_decode(cont)
                if crv < store.compacted or crv < store.continue_floor or crv > cur:
                    raise ApiError(410, "Expired",
                                   "The provided continue parameter is too old to display a "
                                   "consistent list result. You can start a new list without the "
                                   "continue parameter.")
                table, list_rv = store.snapshot(res, crv), crv
            elif rvp in (None, "", "0"):
                table, list_rv = store.objs[res], cur
                if rvp == "0" and APP.args.rv0_ignores_limit:
                    limit = 0
            else:
                want = parse_rv(rvp)
                if want > cur and APP.args.too_large_wait > 0:
                    store.cond.wait_for(lambda: store.rv >= want, APP.args.too_large_wait)
                    cur = store.rv
                if want > cur:
                    raise too_large(want, cur)
                if want < store.compacted:
                    raise ApiError(410, "Expired", too_old(want, store.compacted))
                if rvm == "Exact":
                    table, list_rv = store.snapshot(res, want), want
                else:
                    table, list_rv = store.objs[res], cur
            if ns is not None:
                prefix = ns + "/"
                keys = sorted((k for k in table if k.startswith(prefix)), key=bkey)
            else:
                keys = sorted(table, key=bkey)
            if start is not None:
                sb = bkey(start)
                keys = [k for k in keys if bkey(k) >= sb]
            page, more, remaining = [], False, 0
            for i, k in enumerate(keys):
                e = table[k]
                if not match(e.obj):
                    continue
                if limit and len(page) >= limit:
                    more = True
                    if lsel.empty() and fsel.empty():
                        remaining = len(keys) - i   # like the real server: only without selectors
                    break
                page.append(e)
        md = {"resourceVersion": str(list_rv)}
        if more and page:
            md["continue"] = continue_encode(list_rv, page[-1].key)
            if remaining:
                md["remainingItemCount"] = remaining
        if self._accept_meta(True):
            APP.bump("list_metadata", res)
            body = b"".join([b'{"kind":"PartialObjectMetadataList","apiVersion":"meta.k8s.io/v1","metadata":',
                             dumps(md), b',"items":[', b",".join(dumps(partial_meta(e.obj)) for e in page), b"]}"])
            return self._send(200, body, compressible="list")
        body = b"".join([b'{"kind":"', res.list_kind.encode(), b'","apiVersion":"',
                         res.api_version.encode(), b'","metadata":', dumps(md), b',"items":[',
                         b",".join(e.item for e in page), b"]}"])
        return self._send(200, body, compressible="list")

    # ------------------------------------------------------ watch
    def _watch(self, res, ns, name, q, path):
        store = APP.store
        ftext = q.get("fieldSelector", "")
        if name is not None:
            ftext = (ftext + "," if ftext else "") + "metadata.name=" + name
        lsel, fsel = selectors(res, q.get("labelSelector", ""), ftext, name is None)
        rvp = q.get("resourceVersion")
        rvm = q.get("resourceVersionMatch") or ""
        sie_s = q.get("sendInitialEvents")
        sie = None if sie_s is None else truthy(sie_s)
        bookmarks = truthy(q.get("allowWatchBookmarks"))
        timeout = parse_int_param(q, "timeoutSeconds", None)
        from_now = False
        if sie is not None and APP.watch_list == "ignore":
            # a server or proxy that drops watch-list's parameters: a plain
            # watch from now, its bookmarks without k8s.io/initial-events-end
            APP.bump("watch_list_ignored")
            sie, rvm, rvp, from_now = None, "", None, True
        if sie is not None:
            if rvm != "NotOlderThan":
                raise invalid("ListOptions", "resourceVersionMatch: Forbidden: sendInitialEvents "
                              "requires setting resourceVersionMatch to NotOlderThan")
            if sie and not bookmarks:
                raise invalid("ListOptions", "allowWatchBookmarks: Forbidden: sendInitialEvents "
                              "requires setting allowWatchBookmarks to true")
        elif rvm:
            raise invalid("ListOptions", "resourceVersionMatch: Forbidden: resourceVersionMatch is "
                          "forbidden for watch unless sendInitialEvents is provided")
        if sie is not None and APP.watch_list == "refuse":
            APP.bump("watch_list_refused")
            raise invalid("ListOptions", "sendInitialEvents: Forbidden: sendInitialEvents is forbidden "
                          "for watch unless the WatchList feature gate is enabled")
        if sie:
            APP.bump("watch_list", res)
        meta = self._accept_meta(False)
        if meta:
            APP.bump("watch_metadata", res)
        f = APP.faults.take("expire_http")
        if f is not None:
            r = int(rvp) if (rvp or "").isdigit() else 0
            raise ApiError(410, "Expired", too_old(r, store.compacted))
        want = None if rvp in (None, "", "0") else parse_rv(rvp)
        wid = APP.bump("watch_ids")
        w = Watcher(wid, res, ns, Matcher(res, foreign_ns(ns), lsel, fsel), bookmarks,
                    path + ("?" + urllib.parse.urlencode(q) if q else ""),
                    random.Random("%s:watch:%d" % (APP.args.seed, wid)))
        w.start_rv = rvp
        w.meta = meta
        with store.lock:
            cur = store.rv
            if want is not None and want > cur and APP.args.too_large_wait > 0:
                store.cond.wait_for(lambda: store.rv >= want, APP.args.too_large_wait)
                cur = store.rv
            if want is not None and want > cur:
                raise too_large(want, cur)
            initial = []
            expired = False
            if from_now:
                pass                    # no initial events, no history: what happens from now on
            elif sie or (want is None and sie is None):
                table = store.objs[res]
                for k in sorted(table, key=bkey):
                    e = table[k]
                    if w.match(e.obj):
                        initial.append(("EV", "ADDED", e))
                if sie and APP.watch_list == "unfinished":
                    initial.append(("END", "clean"))
                    expired = True          # not registered: the stream ends after them
                elif sie:
                    initial.append(("BM", cur, {"k8s.io/initial-events-end": "true"}))
            elif want is not None:
                if want < store.compacted:
                    expired = True
                    initial = [("ERR", status_obj(410, "Expired", too_old(want, store.compacted))),
                               ("END", "clean")]
                else:
                    for ev in store.history:
                        if ev.rv > want:
                            it = w.convert(ev)
                            if it is not None:
                                initial.append(it)
            w.q.extend(initial)
            w.progress = cur
            if not expired:
                store.watchers.add(w)
        try:
            now = time.monotonic()
            deadline = APP.end_time
            if timeout:
                deadline = min(deadline, now + timeout)
            st = APP.faults.take("stall")
            if st is not None:
                w.stall_until = now + float(st.get("seconds", 5))
                if st.get("before_headers"):
                    self._stall_wait(w)
            if APP.faults.take("garbage") is not None:
                w.garbage = True
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Cache-Control", "no-cache, private")
            self.send_header("Audit-Id", str(uuid.uuid4()))
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            self.sent_headers = True
            self._stream(w, deadline)
        except OSError:
            self.close_connection = True
        finally:
            store.unregister(w)

    def _stall_wait(self, w):
        for _ in range(100000):
            now = time.monotonic()
            if now >= w.stall_until or w.aborted or APP.stop_event.is_set():
                return
            with w.cond:
                w.cond.wait(min(0.2, w.stall_until - now))

    def _client_gone(self):
        try:
            p = select.poll()
            p.register(self.connection, select.POLLIN | select.POLLHUP | select.POLLERR)
            if p.poll(0):
                # raw peek (below TLS): b"" means the peer closed
                return socket.socket.recv(self.connection, 1, socket.MSG_PEEK) == b""
        except (OSError, ValueError):
            return True
        return False

    def _line(self, item, kind, meta=False):
        t = item[0]
        if t == "EV":
            obj = dumps(partial_meta(item[2].obj)) if meta else item[2].full
            return b'{"type":"' + item[1].encode() + b'","object":' + obj + b"}\n"
        if t == "BM":
            md = {"resourceVersion": str(item[1])}
            if item[2]:
                md["annotations"] = item[2]
            if meta:
                return dumps({"type": "BOOKMARK", "object": {"kind": "PartialObjectMetadata",
                                                             "apiVersion": "meta.k8s.io/v1", "metadata": md}}) + b"\n"
            return dumps({"type": "BOOKMARK", "object": {"kind": kind.kind, "apiVersion": kind.api_version,
                                                         "metadata": md}}) + b"\n"
        if t == "ERR":
            return dumps({"type": "ERROR", "object": item[1]}) + b"\n"
        raise ValueError(t)

    def _write_event(self, w, line):
        """Write one event line with fault handling; False if the connection was cut."""
        if w.garbage:
            w.garbage = False
            self._chunk(b'{"type":"MODIFIED","object":{"kind":"' + w.res.kind.encode() + b'",garbage\n')
        if APP.faults.take("cut") is not None:
            APP.bump("cuts")  # counted once taken: the write below fails on a stream the client closed meanwhile
            self._chunk(line[:max(1, len(line) // 2)])
            self._abort()
            return False
        if len(line) > 1 and w.rng.random() < APP.args.split_prob:
            cut = w.rng.randint(1, len(line) - 1)
            self._chunk(line[:cut])
            self._chunk(line[cut:])
        else:
            self._chunk(line)
        w.sent += 1
        return True

    def _stream(self, w, deadline):
        iv = max(0.01, APP.args.bookmark_interval)
        next_bm = time.monotonic() + iv
        for _ in range(1 << 62):          # ends at the deadline (<= --lifetime) at the latest
            now = time.monotonic()
            if w.aborted:
                return self._abort()
            if w.stall_until > now:
                self._stall_wait(w)
                if self._client_gone():
                    return self._abort()
                continue
            batch = []
            with w.cond:
                if not w.q:
                    tmo = min(0.2, max(0.0, deadline - now))
                    if w.bookmarks:
                        tmo = min(tmo, max(0.0, next_bm - now))
                    if tmo > 0:
                        w.cond.wait(tmo)
                if w.q and w.stall_until <= time.monotonic():
                    batch.append(w.q.popleft())
                    if batch[0][0] == "EV" and w.q and w.q[0][0] == "EV" and \
                            w.rng.random() < APP.args.coalesce_prob:
                        batch.append(w.q.popleft())
                qempty = not w.q
                progress = w.progress
            if len(batch) == 2 and not w.garbage and not APP.faults.has("cut"):
                self._chunk(self._line(batch[0], w.res, w.meta) + self._line(batch[1], w.res, w.meta))
                w.sent += 2
                batch = []
            for item in batch:
                if item[0] == "END":
                    if item[1] == "abort":
                        return self._abort()
                    self.wfile.write(b"0\r\n\r\n")
                    return
                line = self._line(item, w.res, w.meta)
                if item[0] == "EV":
                    if not self._write_event(w, line):
                        return
                else:
                    self._chunk(line)
            now = time.monotonic()
            if w.bookmarks and qempty and now >= next_bm and w.stall_until <= now:
                self._chunk(self._line(("BM", progress, None), w.res, w.meta))
                next_bm = now + iv
            if now >= deadline:
                self.wfile.write(b"0\r\n\r\n")
                return
            if not batch and self._client_gone():
                return self._abort()

    # ------------------------------------------------------ control API
    def _control(self, method, path, q, body):
        store = APP.store
        op = path[len("/_fake/"):].strip("/") if path.startswith("/_fake/") else ""
        if op == "rv":
            return self._send_text(200, "%d\n" % store.rv)
        if op == "state":
            res, ns, name, _ = parse_api_path(q.get("path", ""))
            match = Matcher(res, ns, LabelSelector(q.get("labelSelector", "")),
                            FieldSelector(res, q.get("fieldSelector", "")))
            with store.lock:
                at = q.get("resourceVersion") or q.get("rv")
                if at:
                    at = parse_rv(at)
                    if at < store.compacted or at > store.rv:
                        raise ApiError(410, "Expired", too_old(at, store.compacted))
                table = store.snapshot(res, at)
                items = [table[k] for k in sorted(table, key=bkey)
                         if (name is None or table[k].obj["metadata"]["name"] == name)
                         and match(table[k].obj)]
            lines = ["# cache %d objects\n" % len(items)]
            lines.extend("%s %d\n" % (e.key, e.rv) for e in items)
            return self._send_text(200, "".join(lines))
        if op == "apply":
            res, ns, name, _ = parse_api_path(q.get("path", ""))
            obj = self._body_object(body, res, ns, name)
            entry, created = store.put(res, obj)
            return self._send(201 if created else 200, entry.full)
        if op == "delete":
            res, ns, name, _ = parse_api_path(q.get("path", ""))
            if name is None:
                raise bad_request("path must name one object")
            entry = store.delete(res, Store.key_for(res, ns, name))
            return self._send(200, entry.full)
        if op == "crd":
            return self._crd(method, q)
        if op == "churn":
            if method == "POST":
                try:
                    rate = float(q.get("rate", "0"))
                    secs = float(q["seconds"]) if q.get("seconds") else None
                except ValueError:
                    raise bad_request("bad rate or seconds")
                APP.churn.set(rate, secs)
            return self._send_json(200, {"running": APP.churn.running(), "events": APP.churn.events,
                                         "rate": APP.churn.rate})
        if op == "fault":
            if method != "POST":
                return self._send_json(200, {"pending": APP.faults.pending()})
            return self._fault(q)
        if op == "watchlist":
            if method == "POST":
                mode = q.get("mode", "")
                if mode not in ("on", "refuse", "unfinished", "ignore"):
                    raise bad_request("mode must be on, refuse, unfinished or ignore")
                APP.watch_list = mode
            return self._send_json(200, {"mode": APP.watch_list})
        if op == "stop":
            APP.stop_event.set()
            return self._send_text(200, "stopping\n")
        if op == "watchers":
            with store.lock:
                ws = sorted(store.watchers, key=lambda x: x.id)
                out = [{"id": x.id, "path": x.path, "resourceVersion": x.start_rv,
                        "progress": x.progress, "queued": len(x.q), "sent": x.sent,
                        "since": round(time.time() - x.started, 3)} for x in ws]
            return self._send_json(200, out)
        if op == "stats":
            with store.lock:
                d = {"rv": store.rv, "compacted": store.compacted, "history": len(store.history),
                     "open_watches": len(store.watchers),
                     "objects": {stat_name(r, RESOURCES): len(store.objs[r]) for r in RESOURCES}}
            d.update(APP.counters_snapshot())
            d["churn_events"] = APP.churn.events
            d["faults_pending"] = APP.faults.pending()
            return self._send_json(200, d)
        raise ApiError(404, "NotFound", "unknown control endpoint %s" % path)

    def _crd(self, method, q):
        """POST: serve a custom resource (a CRD created); DELETE: remove it
        (its objects are deleted first, with DELETED events, then its watches
        end and it leaves discovery, as when a CRD is deleted)."""
        group, plural = q.get("group", ""), q.get("plural", "")
        if not re.match(r"^[a-z0-9]([-a-z0-9.]*[a-z0-9])?\.[a-z]+$", group) or \
                not re.match(r"^[a-z][a-z0-9]*$", plural):
            raise bad_request("crd needs group (with a dot) and plural (lowercase)")
        store = APP.store
        if method == "POST":
            versions = [v for v in q.get("versions", q.get("version", "v1")).split(",") if v]
            kind = q.get("kind") or plural[:1].upper() + plural[1:].rstrip("s")
            scope = q.get("scope", "Namespaced")
            if scope not in ("Namespaced", "Cluster") or not versions:
                raise bad_request("scope is Namespaced or Cluster; versions a list")
            with store.lock:
                if any((group, v, plural) in BY_GVR for v in versions):
                    raise ApiError(409, "AlreadyExists", "%s.%s already served" % (plural, group))
                made, first = [], None
                for v in versions:
                    r = Resource(group, v, plural, q.get("singular") or kind.lower(), kind,
                                 scope == "Namespaced", [x for x in q.get("short", "").split(",") if x],
                                 [x for x in q.get("categories", "").split(",") if x], (), True,
                                 subresources=[STATUS_SUB])
                    RESOURCES.append(r)
                    BY_GVR[(group, v, plural)] = r
                    GROUPS.setdefault(group, [])
                    if v not in GROUPS[group]:
                        GROUPS[group].append(v)
                    first = first or r
                    r.storage = first
                    store.objs[r] = store.objs.setdefault(first, {})
                    made.append(r.api_version)
            return self._send_json(201, {"served": made})
        if method == "DELETE":
            with store.lock:
                gone = [r for r in RESOURCES if r.group == group and r.plural == plural]
                if not gone:
                    raise ApiError(404, "NotFound", "no custom resource %s.%s" % (plural, group))
                for r in gone:
                    for key in sorted(store.objs[r], key=bkey):
                        store.delete(r, key)    # the versions share them: deleted once
                    for w in list(store.watchers):
                        if w.res is r:
                            w.finish([("END", "clean")])
                            store.watchers.discard(w)
                    RESOURCES.remove(r)
                    del BY_GVR[(r.group, r.version, r.plural)]
                    if not any(o.group == group and o.version == r.version for o in RESOURCES):
                        GROUPS[group].remove(r.version)
                    if not GROUPS[group]:
                        del GROUPS[group]
            return self._send_json(200, {"removed": [r.api_version for r in gone]})
        raise ApiError(405, "MethodNotAllowed", "POST or DELETE")

    def _fault(self, q):
        kind = q.get("kind", "")
        try:
            count = int(q.get("count", "1"))
            seconds = float(q["seconds"]) if q.get("seconds") else None
            code = int(q.get("code", "500"))
            retry_after = q.get("retry_after")
            if retry_after is not None:
                float(retry_after)
            size = int(q.get("size", "300000"))
        except ValueError:
            raise bad_request("bad fault parameter")
        store = APP.store
        result = {"kind": kind}
        if kind in ("cut", "garbage", "expire_http", "foreign", "unfiltered", "object_cut"):
            APP.faults.add(kind, count, {})
        elif kind == "stall":
            secs = 5.0 if seconds is None else seconds
            if truthy(q.get("now")):
                with store.lock:
                    ws = list(store.watchers)
                for w in ws:
                    w.stall(secs)
                result["stalled"] = len(ws)
            else:
                APP.faults.add("stall", count, {"seconds": secs,
                                                "before_headers": truthy(q.get("before_headers"))})
        elif kind in ("status", "object_status"):
            APP.faults.add(kind, count, {"code": code, "retry_after": retry_after})
        elif kind == "badgzip":
            mode = q.get("mode", "corrupt")
            if mode not in BAD_GZIP_MODES:
                raise bad_request("badgzip mode is one of %s" % ", ".join(BAD_GZIP_MODES))
            APP.faults.add("badgzip", count, {"mode": mode})
        elif kind == "expire":
            if truthy(q.get("drop")):
                store.compact()
                store.abort_watchers()  # the events they still held are never sent
            else:
                store.compact(end_watches=True)
            result["compacted"] = store.compacted
        elif kind == "oversized":
            e = APP.gen.oversized(size, q.get("namespace"), q.get("name"))
            result.update({"key": e.key, "resourceVersion": str(e.rv), "bytes": len(e.full)})
        elif kind == "restart":
            secs = 1.0 if seconds is None else seconds
            threading.Thread(target=APP.restart, args=(secs, truthy(q.get("compact"))),
                             daemon=True).start()
        else:
            raise bad_request("unknown fault kind %r" % kind)
        result["pending"] = APP.faults.pending()
        return self._send_json(200, result)


class CutConnection(Exception):
    """The request's connection was closed on purpose, with no response."""


BAD_GZIP_MODES = ("corrupt", "truncate", "crc", "length", "trailing", "header")


def foreign_ns(ns):
    """The namespace a LIST or WATCH of ns serves: ns, or every namespace
    (None) while a foreign fault is pending, as a server that does not filter."""
    if ns is not None and APP.faults.take("foreign") is not None:
        return None
    return ns


def selectors(res, ltext, ftext, may_ignore=True):
    """The label and field selectors a LIST or WATCH serves: those asked for,
    or none while an unfiltered fault is pending (a server or proxy that
    drops them). The selectors are read (and a malformed one refused) first."""
    lsel, fsel = LabelSelector(ltext), FieldSelector(res, ftext)
    if may_ignore and (ltext or ftext) and APP.faults.take("unfiltered") is not None:
        return LabelSelector(""), FieldSelector(res, "")
    return lsel, fsel


def bad_gzip(body, mode):
    """A gzip stream spoilt as the badgzip fault asks (the HTTP framing stays right)."""
    b = bytearray(body)
    if mode == "corrupt":      # a byte in the middle of the deflate data
        b[len(b) // 2] ^= 0x55
    elif mode == "truncate":   # the second half gone
        del b[len(b) // 2:]
    elif mode == "crc":        # the trailer's CRC-32
        b[-8] ^= 0x01
    elif mode == "length":     # the trailer's ISIZE
        b[-4] ^= 0x01
    elif mode == "trailing":   # bytes after the trailer
        b += b"\0garbage"
    elif mode == "header":     # not gzip's magic
        b[0] ^= 0xff
    return bytes(b)


def too_large(want, cur):
    return ApiError(504, "Timeout", "Too large resource version: %d, current: %d" % (want, cur),
                    {"causes": [{"reason": "ResourceVersionTooLarge",
                                 "message": "Too large resource version"}],
                     "retryAfterSeconds": 1})


# ======================================================================
# Application
# ======================================================================

class App:
    def __init__(self, args):
        self.args = args
        self.stop_event = threading.Event()
        self.end_time = time.monotonic() + args.lifetime
        self.counters = collections.Counter()
        self.clock = threading.Lock()
        self.conns = set()
        self.server = None
        self.srv_lock = threading.Lock()
        self.restarting = False
        self.port = None
        self.ssl_ctx = self._ssl_context(args)
        self.store = Store(self, args.history)
        self.faults = Faults()
        self.gen = Generator(self)
        # watch-list (sendInitialEvents): "on" (a 1.32 server), "refuse" (an
        # old server: 422 Invalid), "unfinished" (initial events, then the
        # stream ends with no end bookmark), "ignore" (the parameters dropped:
        # a plain watch from now, bookmarks without the end annotation);
        # /_fake/watchlist changes it
        self.watch_list = "refuse" if args.no_watch_list else args.watch_list_mode

    @staticmethod
    def _ssl_context(args):
        if not (args.tls or args.tls_cert):
            return None
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.set_alpn_protocols(["http/1.1"])
        if args.client_ca:
            # require a client certificate signed by one of these CAs
            ctx.verify_mode = ssl.CERT_REQUIRED
            ctx.load_verify_locations(cafile=args.client_ca)
        if args.tls_cert:
            ctx.load_cert_chain(args.tls_cert, args.tls_key or None)
            return ctx
        d = tempfile.mkdtemp(prefix="fakeapi-tls-")
        try:
            cp, kp = os.path.join(d, "cert.pem"), os.path.join(d, "key.pem")
            with open(cp, "w") as f:
                f.write(TEST_CERT_PEM)
            with open(kp, "w") as f:
                f.write(TEST_KEY_PEM)
            ctx.load_cert_chain(cp, kp)
        finally:
            for name in ("cert.pem", "key.pem"):
                try:
                    os.unlink(os.path.join(d, name))
                except OSError:
                    pass
            os.rmdir(d)
        return ctx

    def bump(self, what, res=None):
        with self.clock:
            self.counters[what] += 1
            if res is not None:
                self.counters["%s:%s" % (what, res.plural)] += 1
            return self.counters[what]

    def counters_snapshot(self):
        with self.clock:
            flat = {k: v for k, v in self.counters.items() if ":" not in k}
            per = collections.defaultdict(dict)
            for k, v in self.counters.items():
                if ":" in k:
                    a, b = k.split(":", 1)
                    per[a][b] = v
            flat["by_resource"] = dict(per)
            return flat

    def track(self, conn, add):
        with self.clock:
            if add:
                self.conns.add(conn)
            else:
                self.conns.discard(conn)

    def current_token(self):
        """False: no auth required; None: required but unreadable; else the token."""
        if self.args.token_file:
            try:
                with open(self.args.token_file, "r") as f:
                    return f.read().strip()
            except OSError:
                return None
        if self.args.token is not None:
            return self.args.token
        return False

    def start_server(self, port):
        last = None
        for _ in range(50):
            try:
                srv = (Server6 if ":" in self.args.host else Server)((self.args.host, port), Handler)
                break
            except OSError as e:
                last = e
                if port == 0:
                    raise
                time.sleep(0.1)
        else:
            raise last
        self.port = srv.server_address[1]
        t = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.2},
                             name="http", daemon=True)
        t.start()
        with self.srv_lock:
            self.server = srv

    def restart(self, seconds, compact):
        with self.srv_lock:
            if self.restarting or self.server is None:
                return
            self.restarting = True
            srv = self.server
            self.server = None
        try:
            time.sleep(0.05)        # let the control response leave
            srv.shutdown()
            srv.server_close()
            self.store.abort_watchers()
            with self.clock:
                conns = list(self.conns)
            for c in conns:
                try:
                    c.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
            if compact:
                self.store.compact()
            self.stop_event.wait(max(0.0, seconds))
            if not self.stop_event.is_set():
                self.start_server(self.port)
                self.bump("restarts")   # a client waits for this, not for a time
        finally:
            with self.srv_lock:
                self.restarting = False

    def shutdown(self):
        self.store.end_watchers()
        time.sleep(0.3)


APP = None


def build_parser():
    ap = argparse.ArgumentParser(description="Fake Kubernetes API server for kinformer tests.")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--port-file")
    ap.add_argument("--lifetime", type=float, default=120.0)
    ap.add_argument("--exit-with-parent", action="store_true",
                    help="also exit when the parent process dies")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--clock", type=float, default=None,
                    help="the objects' times as at this fixed Unix time (the same bytes at every run)")
    ap.add_argument("--pods", type=int, default=50)
    ap.add_argument("--namespaces", type=int, default=3)
    ap.add_argument("--configmaps", type=int, default=10)
    ap.add_argument("--churn", type=float, default=0.0)
    ap.add_argument("--churn-seconds", type=float, default=None)
    ap.add_argument("--token")
    ap.add_argument("--token-file")
    ap.add_argument("--tls", action="store_true",
                    help="serve HTTPS with the built-in self-signed test certificate")
    ap.add_argument("--tls-cert", help="serve HTTPS with this certificate (PEM)")
    ap.add_argument("--tls-key", help="private key for --tls-cert (PEM)")
    ap.add_argument("--ca-file", help="write the server certificate (the CA to trust) here")
    ap.add_argument("--client-ca", help="with TLS: require a client certificate signed by a CA in this PEM file")
    ap.add_argument("--host", default="127.0.0.1", help="address to listen on: 127.0.0.1 (default) or ::1")
    ap.add_argument("--history", type=int, default=1000)
    ap.add_argument("--bookmark-interval", type=float, default=1.0)
    ap.add_argument("--pod-size", type=int, default=5000)
    ap.add_argument("--chunked-lists", action="store_true")
    ap.add_argument("--gzip", action="store_true",
                    help="gzip responses over 128 KiB when the client accepts gzip "
                         "(POST /_fake/fault?kind=badgzip&mode=corrupt|truncate|crc|length|trailing|header spoils the next ones)")
    ap.add_argument("--split-prob", type=float, default=0.1,
                    help="probability that a watch event is split across two chunks")
    ap.add_argument("--coalesce-prob", type=float, default=0.1,
                    help="probability that two queued watch events share one chunk")
    ap.add_argument("--rv0-ignores-limit", action="store_true",
                    help="LIST with resourceVersion=0 ignores limit (as the real watch cache)")
    ap.add_argument("--too-large-wait", type=float, default=0.0,
                    help="seconds to wait for a future resourceVersion before 504 (real: 3)")
    ap.add_argument("--no-aggregated-discovery", action="store_true",
                    help="serve the legacy discovery documents only (a server before 1.26)")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--no-watch-list", action="store_true",
                    help="refuse sendInitialEvents with 422 Invalid, as a server without the WatchList feature")
    ap.add_argument("--ignore-metadata-accept", action="store_true",
                    help="serve whole objects whatever the Accept header asks (the server's choice of plain JSON)")
    ap.add_argument("--watch-list-mode", choices=("on", "refuse", "unfinished", "ignore"), default="on",
                    help="watch-list: served (on), refused (422), initial events with no end bookmark "
                         "(unfinished), or its parameters ignored: a plain watch from now (ignore)")
    return ap


def main(argv=None):
    global APP, FIXED_CLOCK
    args = build_parser().parse_args(argv)
    FIXED_CLOCK = args.clock
    try:
        import ipaddress
        loopback = ipaddress.ip_address(args.host).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        sys.exit("fakeapi: --host must be a loopback address (127.0.0.1 or ::1)")
    APP = app = App(args)
    app.gen.populate()
    app.churn = Churn(app, args.churn, args.churn_seconds)
    if args.ca_file:
        pem = TEST_CERT_PEM
        if args.tls_cert:
            with open(args.tls_cert) as f:
                pem = f.read()
        tmp = "%s.tmp.%d" % (args.ca_file, os.getpid())
        with open(tmp, "w") as f:
            f.write(pem)
        os.replace(tmp, args.ca_file)
    app.start_server(args.port)
    if args.port_file:
        tmp = "%s.tmp.%d" % (args.port_file, os.getpid())
        with open(tmp, "w") as f:
            f.write("%d\n" % app.port)
        os.replace(tmp, args.port_file)
    try:
        sys.stdout.write("fakeapi listening on %s://%s:%d\n" % (
            "https" if app.ssl_ctx else "http",
            "[%s]" % args.host if ":" in args.host else args.host, app.port))
        sys.stdout.flush()
    except OSError:
        pass
    ppid = os.getppid()
    try:
        while not app.stop_event.is_set():
            app.stop_event.wait(0.25)
            if time.monotonic() >= app.end_time:
                break
            if args.exit_with_parent and os.getppid() != ppid:
                break
        app.stop_event.set()
        app.shutdown()
    except KeyboardInterrupt:
        pass
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError:
        pass
    os._exit(0)


if __name__ == "__main__":
    main()
