#!/bin/sh
# Writes config.yaml with kubectl, and config.json from it with
# `kubectl config view -o json --raw`: the unit tests read both (and
# flow.yaml, the same configuration in YAML flow style, written by hand)
# and check that they give the same kinf_config_t for every context.
# The PEM files are placeholders: the kubeconfig reader does not parse them.
set -e
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in ca client; do
    printf -- '-----BEGIN CERTIFICATE-----\n%s test data, not a certificate\n-----END CERTIFICATE-----\n' "$f" >"$f.pem"
done
printf -- '-----BEGIN PRIVATE KEY-----\nclient test data, not a key\n-----END PRIVATE KEY-----\n' >client.key
rm -f config.yaml
k() { HOME="$tmp" KUBECONFIG= kubectl config "$@" --kubeconfig config.yaml >/dev/null; }
# embedded: https, the CA and a client certificate inside the file, a namespace
k set-cluster c1 --server=https://127.0.0.1:6443 --certificate-authority=ca.pem --embed-certs=true
k set-credentials u1 --client-certificate=client.pem --client-key=client.key --embed-certs=true
k set-context embedded --cluster=c1 --user=u1 --namespace=ns-1
# token: plain http, insecure-skip-tls-verify, a bearer token
k set-cluster c2 --server=http://127.0.0.1:8080 --insecure-skip-tls-verify=true
k set-credentials u2 --token=abc.def-ghi_jkl
k set-context token --cluster=c2 --user=u2
# files: paths relative to the kubeconfig, tls-server-name, a token file
k set-cluster c3 --server=https://[::1]:443/base --certificate-authority=ca.pem --tls-server-name=kubernetes.default
k set-credentials u3 --client-certificate=client.pem --client-key=client.key
k set users.u3.tokenFile token.txt
k set-context files --cluster=c3 --user=u3 --namespace=kube-system
k use-context token
HOME="$tmp" KUBECONFIG= kubectl config view --kubeconfig config.yaml -o json --raw >config.json
# flow.yaml must say what config.yaml says, as kubectl reads it
HOME="$tmp" KUBECONFIG= kubectl config view --kubeconfig flow.yaml -o json --raw | cmp -s - config.json ||
    { echo "make.sh: kubectl reads flow.yaml differently from config.yaml" >&2; exit 1; }
