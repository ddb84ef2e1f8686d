// A jest reporter that writes the file SUITE_PROCESS_FILES_DONE names as soon as every test file that starts processes
// of its own (scripts/jest-process-files.cjs) has finished, passed or not. `npm test` starts Playwright beside the rest
// of jest then (scripts/test.mjs): those files' start-ups failed when they met Playwright's load, the others did not.
// Nothing is written if the sequencer did not sort the run: Playwright then waits for jest to end, as before.
const { writeFileSync } = require('node:fs');
const progress = require('./jest-process-files.cjs');

class ProcessFilesDoneReporter {
  constructor() {
    this.file = process.env.SUITE_PROCESS_FILES_DONE;
    this.written = false;
  }

  signal() {
    if (this.written || !this.file) return;
    this.written = true;
    writeFileSync(this.file, `${new Date().toISOString()}\n`);
  }

  onRunStart() {
    if (progress.allDone()) this.signal();
  }

  onTestFileResult(test) {
    if (progress.finished(test.path)) this.signal();
  }
}

module.exports = ProcessFilesDoneReporter;
