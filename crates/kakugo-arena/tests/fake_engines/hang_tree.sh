#!/bin/sh
# A fake engine that starts a child process, answers ABOUT and START, then never answers a move
# and ignores END and EOF. Writes its own pid and its child's pid to $1 (one a line).
sleep 1000 &
echo $$ >> "$1"
echo $! >> "$1"
while read -r line; do
  case "$line" in
    ABOUT*) echo 'name="hang-tree"' ;;
    START*) echo OK ;;
  esac
done
wait
