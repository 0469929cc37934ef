/** The `teapurl` executable: runs the CLI on the process arguments and sets the exit code. */
import { run } from './main.js';

void run(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
