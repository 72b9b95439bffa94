/**
 * Preloaded with `node --import` into a shop or CLI process for the crash tests. With HOLD_PRODUCT_COMMIT=n,
 * the n-th transaction of the process that writes products stops just before its COMMIT, says
 * "holding the commit open" on stderr, and waits (at most two minutes), so the parent can SIGKILL the
 * process while its write transaction is open: every row written, nothing committed. With
 * HOLD_AFTER_PRODUCT_COMMIT=n, the n-th such transaction commits, then the process says "holding after
 * the commit" and waits the same way, so the parent can SIGKILL it once the product is in the shop and
 * before the process has done anything with the answer.
 */
import { DatabaseSync, StatementSync } from 'node:sqlite';

const target = Number(process.env.HOLD_PRODUCT_COMMIT);
const afterTarget = Number(process.env.HOLD_AFTER_PRODUCT_COMMIT);
let productTransactions = 0;
let wroteProduct = false;

type Run = StatementSync['run'];
const run = StatementSync.prototype.run;
StatementSync.prototype.run = function (this: StatementSync, ...params: Parameters<Run>) {
  if (this.sourceSQL.startsWith('INSERT INTO products ')) wroteProduct = true;
  return run.apply(this, params);
} as Run;

const exec = DatabaseSync.prototype.exec;
DatabaseSync.prototype.exec = function (this: DatabaseSync, sql: string) {
  if (sql === 'COMMIT' && wroteProduct) {
    wroteProduct = false;
    if (++productTransactions === target) {
      // Pipes are written synchronously on Linux, so the parent reads this before the wait starts.
      process.stderr.write('holding the commit open\n');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120_000);
    }
    if (productTransactions === afterTarget) {
      const committed = exec.call(this, sql);
      process.stderr.write('holding after the commit\n');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120_000);
      return committed;
    }
  }
  return exec.call(this, sql);
};
