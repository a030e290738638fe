// CPU placement for benchmarks of several processes on one machine: which cores a process tree may run on
// (taskset, util-linux), and how much CPU a process tree has used. On a 2-core machine a balancer in front of
// the nodes takes its CPU from them; giving it a core of its own, and the nodes and the load the other, is the
// closest this machine comes to a balancer on a machine of its own.

import { execFileSync } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'

/** `pid` and every process below it (threads included by taskset -a), from /proc. */
export function processTree(pid: number): number[] {
  const tree = [pid]
  for (let i = 0; i < tree.length; i++) {
    for (const task of tasks(tree[i]!)) {
      let children = ''
      try {
        children = readFileSync(`/proc/${tree[i]}/task/${task}/children`, 'utf8')
      } catch {
        continue // the process ended meanwhile
      }
      for (const child of children.split(' ').filter(Boolean)) tree.push(Number(child))
    }
  }
  return tree
}

function tasks(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`)
  } catch {
    return []
  }
}

/** Lets the trees of `pids` run only on `cpus` (e.g. "0" or "0,1"); processes started later by them inherit it. */
export function pin(pids: readonly number[], cpus: string): void {
  for (const pid of pids.flatMap(processTree)) {
    try {
      execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' })
    } catch {
      // a process that ended between listing and pinning
    }
  }
}

/** CPU seconds (user + system) the trees of `pids` have used so far. */
export function cpuSeconds(pids: readonly number[]): number {
  const tick = 100 // USER_HZ on Linux
  let total = 0
  for (const pid of pids.flatMap(processTree)) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      total += (Number(fields[11]) + Number(fields[12])) / tick
    } catch {
      // ended
    }
  }
  return total
}

/** Whether this machine can place processes: taskset present and at least two cores. */
export function canPin(cores: number): boolean {
  if (cores < 2) return false
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
