/** Programs every Unix shell session has, from three public tables (round 59, `unknown_programs.ts`): the utilities
 * of POSIX.1-2017 (IEEE Std 1003.1, Shell & Utilities, "Utilities"), the builtins and reserved words of the Bash Reference
 * Manual ("Shell Builtin Commands", "Reserved Words", 5.2) and the programs of GNU coreutils (manual 9.5). What they do is reading, writing
 * and listing files, changing the shell's state and printing, which the path and shell checks judge by their
 * arguments. Left out of the POSIX list: the ones whose work is to reach another machine or user (`mailx`, `talk`,
 * `write`, `uucp`, `uustat`, `uux`, `lp`). */

// deno-fmt-ignore
export const POSIX_UTILITIES = `
admin alias ar asa at awk basename batch bc bg c99 cal cat cd cflow chgrp chmod chown cksum cmp comm command compress
cp crontab csplit ctags cut cxref date dd delta df diff dirname du echo ed env ex expand expr false fc fg file find
fold fort77 fuser gencat get getconf getopts grep hash head iconv id ipcrm ipcs jobs join kill lex link ln locale
localedef logger logname ls m4 make man mesg mkdir mkfifo more mv newgrp nice nl nm nohup od paste patch pathchk pax
pr printf prs ps pwd qalter qdel qhold qmove qmsg qrerun qrls qselect qsig qstat qsub read renice rm rmdel rmdir sact
sccs sed sh sleep sort split strings strip stty tabs tail tee test time touch tput tr true tsort tty type ulimit
umask unalias uname uncompress unexpand unget uniq unlink uudecode uuencode val vi wait wc what who xargs yacc zcat`;

// deno-fmt-ignore
export const BASH_BUILTINS = `
. : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs disown echo enable
eval exec exit export false fc fg getopts hash help history jobs kill let local logout mapfile popd printf pushd pwd
read readarray readonly return set shift shopt source suspend test times trap true type typeset ulimit umask unalias
unset wait
case coproc do done elif else esac fi for function if in select then time until while [[ ]] { } !`;

// deno-fmt-ignore
export const GNU_COREUTILS = `
arch b2sum base32 base64 basename basenc cat chcon chgrp chmod chown chroot cksum comm cp csplit cut date dd df dir
dircolors dirname du echo env expand expr factor false fmt fold groups head hostid hostname id install join kill link
ln logname ls md5sum mkdir mkfifo mknod mktemp mv nice nl nohup nproc numfmt od paste pathchk pinky pr printenv printf
ptx pwd readlink realpath rm rmdir runcon seq sha1sum sha224sum sha256sum sha384sum sha512sum shred shuf sleep sort
split stat stdbuf stty sum sync tac tail tee test timeout touch tr true truncate tsort tty uname unexpand uniq unlink
uptime users vdir wc who whoami yes`;
