// Preload (node --expose-gc --require force-gc.cjs): a full collection every 20 ms, so a timer or
// signal nothing keeps referenced is collected long before it would fire (nodejs/node#57736).
setInterval(() => globalThis.gc(), 20).unref();
