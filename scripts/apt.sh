#!/bin/sh
# apt.sh WHO PACKAGE...: installs Debian packages for the set-up scripts
# (deps.sh, kernel.sh, kernel-check.pl; WHO names the caller in messages).
# As another user than root it prints the apt-get line to run and fails.
#
# Another package manager may hold the dpkg lock (unattended upgrades do, for
# minutes, on a new machine): apt-get waits for it (DPkg::Lock::Timeout), and
# a run that still fails on a lock, such as the package lists' lock of
# apt-get update, is retried every APT_LOCK_POLL seconds (default 5) until
# APT_LOCK_WAIT seconds (default 1800) have passed, saying once that it waits.
# The package lists are refreshed only when a first install finds nothing.
set -eu
who=${1:?usage: apt.sh WHO PACKAGE...}
shift
[ $# -gt 0 ] || { echo "usage: apt.sh WHO PACKAGE..." >&2; exit 2; }
wait_max=${APT_LOCK_WAIT:-1800}
poll=${APT_LOCK_POLL:-5}

if [ "$(id -u)" != 0 ]; then
	echo "$who: please install as root: apt-get install $*" >&2
	exit 1
fi

# apt_get ARG...: apt-get, waiting for the locks; its output only on failure
# (and not even then with quiet set)
apt_get() {
	start=$(date +%s)
	said=
	while :; do
		if out=$(DEBIAN_FRONTEND=noninteractive apt-get -o "DPkg::Lock::Timeout=$wait_max" "$@" 2>&1); then
			return 0
		fi
		case $out in
		*"Could not get lock"* | *"Unable to acquire the dpkg frontend lock"* | *"Unable to lock"*) ;;
		*) [ -n "${quiet:-}" ] || printf '%s\n' "$out" >&2; return 1 ;;
		esac
		if [ $(($(date +%s) - start)) -ge "$wait_max" ]; then
			printf '%s\n' "$out" >&2
			echo "$who: gave up waiting for the package lock after $wait_max s" >&2
			return 1
		fi
		if [ -z "$said" ]; then
			echo "$who: waiting for the package lock another package manager holds" >&2
			said=1
		fi
		sleep "$poll"
	done
}

echo "$who: installing $* from Debian" >&2
# a first try that finds nothing fails quietly: the lists are refreshed
quiet=1 apt_get install -y -qq "$@" || {
	apt_get update -qq
	apt_get install -y -qq "$@"
}
