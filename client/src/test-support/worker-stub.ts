/**
 * Jest stand-in for Vite's `?worker` imports (the ALTCHA solver's Web Worker): unit tests never
 * solve a bot check, they only import modules that may. Vite builds the real worker.
 */
export default class WorkerStub {
  postMessage(): void {}
  terminate(): void {}
}
