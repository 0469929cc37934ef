#!/bin/sh
# Counts the instructions one Node run executes, with valgrind's callgrind, the same count every
# time: V8 on one thread (--single-threaded, --v8-pool-size=0) and fixed hash and random seeds.
# Timed start-ups on a shared machine move by a third from one hour to the next; this does not.
# The figures of docs/performance.md marked "counted" come from it.
#
#   sh scripts/count-instructions.sh bin/teapurl.cjs validate .bench/one.json
#
# Prints the count alone (callgrind's "Collected"); the program's output goes to /dev/null.
# Needs valgrind (Debian: apt-get install valgrind).
exec 3>&1
valgrind --tool=callgrind --callgrind-out-file=/dev/null \
  node --single-threaded --v8-pool-size=0 --hash-seed=1 --random-seed=1 "$@" 2>&1 >/dev/null 3>&- |
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
