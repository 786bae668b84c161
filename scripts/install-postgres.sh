#!/usr/bin/env bash
# Installs Debian's PostgreSQL server for the PostgreSQL tests, where it can. CI runs as root on a
# fresh Debian machine: there this installs it. The tests themselves start a throwaway server
# (in a temporary folder, on 127.0.0.1, as a user other than root) and remove it afterwards.
# Elsewhere (not root, or no apt-get) this says why it did not install, and the PostgreSQL tests
# skip with that reason.
set -euo pipefail

if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" != "0" ]; then
    echo "install-postgres: not root, not installing postgresql (PostgreSQL tests will skip)"
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-postgres: no apt-get, not installing postgresql (PostgreSQL tests will skip)"
    exit 0
fi
echo "install-postgres: apt-get install postgresql"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# The package's own cluster is not needed (the tests start their own): do not start it.
mkdir -p /etc/postgresql-common
echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.conf
apt-get install -y -qq --no-install-recommends postgresql >/dev/null
ls /usr/lib/postgresql/*/bin/initdb
