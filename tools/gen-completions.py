#!/usr/bin/python3
"""Write the bash and zsh completions of sp and its programs.

    tools/gen-completions.py [--check] [--out DIR] PROGRAM_OR_DIR...

From the programs themselves, so that the completions cannot drift from
them: the options, their arguments and which may be repeated from each
program's --help; the values of a choice-valued option (--format,
--by, ...) from the usage error the program gives for an empty value,
which names the choices; sp's commands from the Commands section of
sp --help, which must name every sp-* program given.  Only what a
program reads as input (its file name endings, READS below) is written
here by hand.

A directory stands for the programs sp and sp-* in it, so after a change
of options the lead regenerates with

    /usr/bin/python3 tools/gen-completions.py build/cmd

and commits completions/.  With --check nothing is written: the exit
status is 1, with a diff, when completions/ differs from what the
programs give (tests/meson.build runs it as the test 'completions').
"""

import difflib
import os
import re
import shlex
import subprocess
import sys
import tempfile

# What each program reads, as file name endings: the completion of its
# operands offers these files (and directories).  Every program must be
# here.
READS = {
    'sp': [],
    'sp-read': ['h5', 'json', 'json.gz', 'spt'],
    'sp-stack': ['sps'],
    'sp-pstats': ['sps', 'prof'],
    'sp-speedscope': ['sps'],
    'sp-flame': ['sps'],
    'sp-json': ['sps'],
    'sp-stats': ['sps'],
    'sp-trace': ['sps'],
    'sp-diff': ['sps'],
    'sp-report': ['sps'],
    'sp-scale': ['sps'],
}

# Arguments named so are files (any) and directories.
FILE_ARGS = {'FILE'}
DIR_ARGS = {'DIR'}

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REGEN = '/usr/bin/python3 tools/gen-completions.py build/cmd'


class Option:
    def __init__(self, names, arg, desc):
        self.names = names      # ['-o', '--output']
        self.arg = arg          # 'FILE', 'self|total' or None
        self.desc = desc
        self.repeat = False
        self.kind = None        # 'file', 'dir', 'choice', 'none'
        self.choices = []

    def main_name(self):
        return self.names[-1]


def fail(msg):
    sys.exit('gen-completions: ' + msg)


def run_help(prog):
    p = subprocess.run([prog, '--help'], stdin=subprocess.DEVNULL,
                       capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        fail('%s --help failed (%d): %s' % (prog, p.returncode, p.stderr))
    return p.stdout


OPT_LINE = re.compile(r'^ {1,8}(-\S.*?)(?: {2,}(\S.*))?$')
CONT_LINE = re.compile(r'^ {9,}(\S.*)$')


def parse_options(help_text):
    """The option lines of --help, with their continuation lines."""
    opts = []
    cur = None
    for line in help_text.splitlines():
        m = OPT_LINE.match(line)
        if m:
            names, arg = [], None
            for part in m.group(1).split(', '):
                words = part.split()
                names.append(words[0])
                if len(words) > 1:
                    arg = words[1]
            cur = Option(names, arg, m.group(2) or '')
            opts.append(cur)
            continue
        m = CONT_LINE.match(line)
        if cur is not None and m:
            cur.desc = (cur.desc + ' ' + m.group(1)).strip()
            continue
        cur = None
    return opts


def repeated_names(help_text):
    """Options whose group on the usage line ends in '...'."""
    usage, on = [], False
    for line in help_text.splitlines():
        if line.startswith('usage:'):
            on = True
        elif on and not line.startswith((' ', '\t')):
            break
        if on:
            usage.append(line)
    return {m.group(1).split()[0]
            for m in re.finditer(r'\[(-[^]]*)\]\.\.\.', ' '.join(usage))}


# where the list of choices starts, the most telling first
LIST_STARTS = ['is not one of the choices: ', 'give one of ', 'give ',
               'is not ']
WORD = re.compile(r'^[a-z][a-z0-9_-]*$')


def probe_choices(prog, opt, scratch):
    """The choices a usage error for an empty value names, or []."""
    p = subprocess.run([prog, opt, ''], stdin=subprocess.DEVNULL,
                       capture_output=True, text=True, cwd=scratch,
                       timeout=60)
    if p.returncode != 2:
        return []
    first = p.stderr.splitlines()[0] if p.stderr else ''
    said = first.split("'' ", 1)[-1]
    starts = [s for s in LIST_STARTS if s in said]
    if not starts:
        return []
    items = re.split(r',\s*(?:or\s+)?|\s+or\s+',
                     said.split(starts[0], 1)[1])
    words = [i for i in items if WORD.match(i)]
    # an item that is neither a word nor a free alternative ("a region's
    # name") means this is no list of choices (a size, a duration)
    others = [i for i in items if not WORD.match(i)
              and not re.match(r'^an? ', i)]
    if others or len(words) < 2:
        return []
    return words


def describe(prog, scratch):
    name = os.path.basename(prog)
    if name not in READS:
        fail('%s: not in READS of tools/gen-completions.py: say there '
             'which files it reads' % name)
    text = run_help(prog)
    opts = parse_options(text)
    if not opts:
        fail('%s --help: no option lines' % name)
    rep = repeated_names(text)
    for o in opts:
        o.repeat = any(n in rep for n in o.names)
        if o.arg is None:
            continue
        if o.arg in FILE_ARGS:
            o.kind = 'file'
        elif o.arg in DIR_ARGS:
            o.kind = 'dir'
        elif '|' in o.arg:
            o.kind, o.choices = 'choice', o.arg.split('|')
        else:
            o.choices = probe_choices(prog, o.main_name(), scratch)
            o.kind = 'choice' if o.choices else 'none'
    return name, text, opts


def sp_commands(help_text, programs):
    """sp --help's Commands section: [(name, description)]."""
    cmds, on = [], False
    for line in help_text.splitlines():
        if line == 'Commands:':
            on = True
            continue
        if on:
            m = re.match(r'^  ([a-z][a-z0-9-]*) {2,}(\S.*)$', line)
            if not m:
                break
            cmds.append((m.group(1), m.group(2)))
    have = {n for n, _ in cmds}
    want = {p[3:] for p in programs if p.startswith('sp-')}
    if have != want:
        fail('sp --help: its Commands (%s) are not the sp-* programs given '
             '(%s)' % (' '.join(sorted(have)), ' '.join(sorted(want))))
    return cmds


# --- bash ---

BASH_HEAD = '''\
# bash completion for sp and its programs                -*- shell-script -*-
# Generated by tools/gen-completions.py from the programs' --help and the
# choices their usage errors name: do not edit.  After a change of
# options, regenerate with
#     %s
''' % REGEN

BASH_ENGINE = r'''
# _sp_files ENDING...: COMPREPLY gets the directories at $cur, and the
# files with one of the ENDINGs (any file, without ENDINGs)
_sp_files()
{
	local f e IFS=$'\n'
	compopt -o filenames 2>/dev/null
	for f in $(compgen -f -- "$cur"); do
		if [[ $# -eq 0 || -d $f ]]; then
			COMPREPLY+=("$f")
			continue
		fi
		for e in "$@"; do
			if [[ $f == *."$e" ]]; then
				COMPREPLY+=("$f")
				break
			fi
		done
	done
}

# _sp_program PROGRAM: COMPREPLY for words[cword], of a command line of
# PROGRAM in words (its name first)
_sp_program()
{
	local prog=$1 cur=${words[cword]} prev= pre= kind i IFS=$' \t\n'
	((cword > 0)) && prev=${words[cword - 1]}
	# --opt=VALUE, split at '=' into three words by bash, or one word
	if [[ $cur == = ]]; then
		cur=
	elif [[ $prev == = ]] && ((cword > 1)); then
		prev=${words[cword - 2]}
	elif [[ $cur == --*=* ]]; then
		prev=${cur%%=*} pre=${cur%%=*}= cur=${cur#*=}
	fi
	for ((i = 1; i < cword; i++)); do
		if [[ ${words[i]} == -- ]]; then
			_sp_files $(_sp_reads "$prog")
			return
		fi
	done
	kind=$(_sp_argument "$prog" "$prev")
	case $kind in
	file) _sp_files ;;
	dir)
		compopt -o filenames 2>/dev/null
		COMPREPLY=($(compgen -d -- "$cur"))
		;;
	choice\ *) COMPREPLY=($(compgen -W "${kind#choice }" -- "$cur")) ;;
	none) ;;
	*)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "$(_sp_options "$prog")" -- "$cur"))
		else
			_sp_files $(_sp_reads "$prog")
		fi
		;;
	esac
	if [[ -n $pre ]]; then
		COMPREPLY=("${COMPREPLY[@]/#/$pre}")
	fi
}

# The completion function of sp and of every sp-* program: for sp, its
# own options, then the commands, then the command's own completion.
_sp()
{
	local words=("${COMP_WORDS[@]}") cword=$COMP_CWORD prog i=1
	COMPREPLY=()
	prog=${words[0]##*/}
	if [[ $prog == sp ]]; then
		while ((i < cword)) && [[ ${words[i]} == -* ]]; do
			((i++))
		done
		if ((i == cword)); then
			if [[ ${words[i]} == -* ]]; then
				COMPREPLY=($(compgen -W "$(_sp_options sp)" -- "${words[i]}"))
			else
				COMPREPLY=($(compgen -W "$_sp_commands" -- "${words[i]}"))
			fi
			return
		fi
		prog=sp-${words[i]}
		words=("$prog" "${words[@]:i+1}")
		((cword -= i))
	fi
	_sp_program "$prog"
}
'''


def q(s):
    return shlex.quote(s)


def bash(progs, cmds):
    out = [BASH_HEAD]
    out.append('\n_sp_commands=%s\n' % q(' '.join(n for n, _ in cmds)))
    out.append('\n# _sp_options PROGRAM: all the options of PROGRAM\n'
               '_sp_options()\n{\n\tcase $1 in\n')
    for name, _, opts in progs:
        out.append('\t%s) echo %s ;;\n'
                   % (name, q(' '.join(n for o in opts for n in o.names))))
    out.append('\tesac\n}\n')
    out.append('\n# _sp_argument PROGRAM OPTION: how the argument of OPTION '
               'completes: file,\n# dir, "choice WORD...", none; nothing '
               'when OPTION takes no argument\n'
               '_sp_argument()\n{\n\tcase "$1 $2" in\n')
    for name, _, opts in progs:
        for o in opts:
            if o.kind is None:
                continue
            pats = ' | '.join(q('%s %s' % (name, n)) for n in o.names)
            val = o.kind if o.kind != 'choice' else \
                'choice ' + ' '.join(o.choices)
            out.append('\t%s) echo %s ;;\n' % (pats, q(val)))
    out.append('\tesac\n}\n')
    out.append('\n# _sp_reads PROGRAM: the file name endings of what PROGRAM '
               'reads\n_sp_reads()\n{\n\tcase $1 in\n')
    for name, _, _ in progs:
        out.append('\t%s) echo %s ;;\n' % (name, q(' '.join(READS[name]))))
    out.append('\tesac\n}\n')
    out.append(BASH_ENGINE)
    out.append('\ncomplete -F _sp %s\n' % ' '.join(n for n, _, _ in progs))
    return ''.join(out)


# --- zsh ---

def zq(s):
    """s in single quotes for zsh."""
    return "'" + s.replace("'", "'\\''") + "'"


def zdesc(s):
    return s.replace('\\', '\\\\').replace('[', '\\[').replace(']', '\\]')


def zspec(o):
    desc = '[' + zdesc(o.desc) + ']'
    if o.arg is not None:
        if o.kind == 'file':
            action = '_files'
        elif o.kind == 'dir':
            action = '_files -/'
        elif o.kind == 'choice':
            action = '(' + ' '.join(o.choices) + ')'
        else:
            action = ' '
        tail = desc + ':' + o.arg.replace(':', '-') + ':' + action
    else:
        tail = desc
    names = []
    for n in o.names:
        if o.arg is None:
            names.append(n)
        elif n.startswith('--'):
            names.append(n + '=')
        else:
            names.append(n + '+')
    if o.names[-1] in ('--help', '--version'):
        excl = '(- *)'
    elif o.repeat:
        excl = '*'
    else:
        excl = '(' + ' '.join(o.names) + ')'
    if len(names) == 1:
        return zq(excl + names[0] + tail)
    return zq(excl) + '{' + ','.join(names) + '}' + zq(tail)


def zsh(progs, cmds):
    out = ['#compdef %s\n' % ' '.join(n for n, _, _ in progs)]
    out.append('# zsh completion for sp and its programs.\n'
               "# Generated by tools/gen-completions.py from the programs' "
               '--help and the\n# choices their usage errors name: do not '
               'edit.  After a change of\n# options, regenerate with\n'
               '#     %s\n' % REGEN)
    out.append('\n# _sp_program PROGRAM: the options and operands of '
               'PROGRAM\n_sp_program() {\n\tcase $1 in\n')
    for name, _, opts in progs:
        if name == 'sp':
            continue
        ends = READS[name]
        files = '_files'
        if ends:
            files += ' -g "*.(%s)(-.)"' % '|'.join(ends)
        out.append('\t%s)\n\t\t_arguments -s -S : \\\n' % name)
        for o in opts:
            out.append('\t\t\t%s \\\n' % zspec(o))
        out.append('\t\t\t%s\n\t\t;;\n' % zq('*:file:' + files))
    out.append('\tesac\n}\n')
    spopts = [o for n, _, opts in progs if n == 'sp' for o in opts]
    out.append('\n_sp() {\n\tif [[ $service != sp ]]; then\n'
               '\t\t_sp_program $service\n\t\treturn\n\tfi\n'
               '\tlocal curcontext=$curcontext state line\n'
               '\tlocal -a commands\n\tcommands=(\n')
    for n, d in cmds:
        out.append('\t\t%s\n' % zq(n + ':' + d))
    out.append('\t)\n\t_arguments -S : \\\n')
    for o in spopts:
        out.append('\t\t%s \\\n' % zspec(o))
    out.append("\t\t'1:command:->command' \\\n"
               "\t\t'*::argument:->argument'\n"
               '\tcase $state in\n'
               "\tcommand) _describe -t commands 'sp command' commands ;;\n"
               '\targument)\n\t\tservice=sp-$words[1]\n'
               '\t\tcurcontext=${curcontext%:*:*}:$service:\n'
               '\t\t_sp_program $service\n\t\t;;\n\tesac\n}\n'
               '\n_sp "$@"\n')
    return ''.join(out)


def programs_of(args):
    progs = []
    for a in args:
        if os.path.isdir(a):
            for f in sorted(os.listdir(a)):
                p = os.path.join(a, f)
                if (f == 'sp' or f.startswith('sp-')) and \
                        os.path.isfile(p) and os.access(p, os.X_OK):
                    progs.append(p)
        else:
            progs.append(a)
    # sp first, then the programs in the order of the pipeline
    order = list(READS)
    progs.sort(key=lambda p: (order.index(os.path.basename(p))
                              if os.path.basename(p) in order else 99, p))
    return progs


def main(argv):
    check = False
    out_dir = os.path.join(TOP, 'completions')
    args = []
    it = iter(argv)
    for a in it:
        if a == '--check':
            check = True
        elif a == '--out':
            out_dir = next(it)
        else:
            args.append(a)
    paths = programs_of(args)
    names = [os.path.basename(p) for p in paths]
    if 'sp' not in names:
        fail('no sp among the programs given')
    with tempfile.TemporaryDirectory() as scratch:
        progs = [describe(os.path.abspath(p), scratch) for p in paths]
    cmds = sp_commands(progs[names.index('sp')][1], names)
    files = {'sp.bash': bash(progs, cmds), '_sp': zsh(progs, cmds)}
    bad = 0
    for f, text in files.items():
        path = os.path.join(out_dir, f)
        if not check:
            with open(path, 'w') as fp:
                fp.write(text)
            continue
        try:
            with open(path) as fp:
                old = fp.read()
        except OSError as e:
            old = ''
            print('%s: %s' % (path, e.strerror))
        if old != text:
            bad = 1
            sys.stdout.writelines(difflib.unified_diff(
                old.splitlines(True), text.splitlines(True),
                'completions/' + f, 'from the programs'))
    if bad:
        print('FAIL: completions/ is out of step with the programs; '
              'regenerate it from a build with\n    %s\nand commit it'
              % REGEN)
        return 1
    if check:
        print('ok: completions of %d programs in step with their --help'
              % len(progs))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
