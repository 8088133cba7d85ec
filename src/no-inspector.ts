// Node opens its debugger (the inspector, on 127.0.0.1:9229) when the process gets SIGUSR1 and
// prints "Debugger listening…" across the screen: any local user could then connect and run
// code in jobtop, token and all (think shared login nodes). The bin's first statement (src/boot.ts
// imports this module before anything else): from here on a listener of our own takes the
// signal, on Node 20 and 24 alike.
//
// Before it, the window a bin cannot shut: Node installs its own SIGUSR1 handler during its
// start-up, and a signal between that and this line opens the inspector (earlier still, the
// signal's default action ends the process). Node 22.14+ has --disable-sigusr1, which a bin cannot
// pass (Node 20 refuses the flag; NODE_OPTIONS=--disable-sigusr1 works where it exists). So an
// inspector such a signal opened is closed again here, unless the user asked for one (--inspect…):
// at once, and again once the event loop runs, since Node's start request also comes as an event
// that would open it anew (and the thread that makes that request may run late on a busy machine).
// process._debugEnd is what inspector.close() calls: node:inspector itself costs ~4 ms to load.
process.on("SIGUSR1", () => {});
const asked = /--inspect|--debug-port/.test(
  `${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`,
);
const end = (process as { _debugEnd?: () => void })._debugEnd;
if (!asked && typeof end === "function") {
  const close = () => end.call(process);
  close();
  setImmediate(close);
  for (const ms of [50, 500]) setTimeout(close, ms).unref();
}
