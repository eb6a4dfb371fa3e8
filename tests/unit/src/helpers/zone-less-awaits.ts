// Imported before Dexie: a Promise.prototype.then that is not the engine's own makes Dexie stop carrying its
// transaction zone across native `await` (it can only follow awaits of an unpatched Promise). What runs after an
// `await` inside a transaction scope then runs outside that transaction, as it did in Chromium when several
// transactions of the store overlapped (a live message, an outbox acknowledgement, a counters refresh). Code that
// keeps its reads in the transaction without relying on that tracking passes here as it does in the browser.
const engineThen = Promise.prototype.then;
Object.defineProperty(Promise.prototype, 'then', {
  configurable: true,
  writable: true,
  value: function then<T, A, B>(this: Promise<T>, onFulfilled?: (value: T) => A | PromiseLike<A>, onRejected?: (reason: unknown) => B | PromiseLike<B>) {
    return engineThen.call(this, onFulfilled, onRejected);
  },
});
