import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_SIGNATURE_BYTES, type TeaSignatureCheck } from '../tea/node/download/openpgp-signature.js';
import { checkSignature } from '../tea/node/download/signature-stage.js';
import { fsReason } from '../shared/node/fs-reason.js';
import type { CommandIo } from './io.js';
import { parseCommandLine } from './args.js';
import { fileArgProblem } from './path-args.js';
import { escapeControls, quoteArg } from './output/safe-text.js';
import { hasSignatureKeys, readSignatureTrust, SIGNATURE_HELP, SIGNATURE_OPTIONS, signaturePolicy, signerText } from './signature-args.js';
import { UsageError } from './usage-error.js';

export const VERIFY_HELP = `Usage: teapurl verify FILE --signature SIG --keyring KEYS [options]

Verifies an OpenPGP detached signature (armored .asc or binary .sig) over FILE
with the public keys of the keyring, or a Sigstore bundle with --sigstore-key, as
teapurl download does for each artefact: for files fetched some other way. Prints who signed (key fingerprint,
user id), when, and with which algorithms.

Options:
  --signature SIG           the detached signature of FILE
${SIGNATURE_HELP}
  --format F                text (default) or json
  -h, --help                show this help
  -v, --version             print the version

Exit status: 0 the signature holds, 1 it does not (the reason is printed), 2 usage
error.
`;

/** `teapurl verify`: returns the exit code. */
export async function verifyCommand(argv: string[], io: CommandIo): Promise<number> {
  const commandLine = parseCommandLine(argv, io, {
    command: 'verify',
    help: VERIFY_HELP,
    positionals: true,
    options: { signature: { type: 'string' }, format: { type: 'string', default: 'text' }, ...SIGNATURE_OPTIONS },
  });
  if (commandLine === null) return 0;
  const { values, positionals } = commandLine;
  if (positionals.length !== 1)
    throw new UsageError(positionals.length === 0 ? 'name the FILE whose signature to verify' : `name exactly one FILE, not also ${quoteArg(positionals[1]!)}`);
  const format = values.format;
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not ${JSON.stringify(format)}`);
  if (values.signature === undefined) throw new UsageError('name the detached signature with --signature SIG');
  if (!hasSignatureKeys(values)) throw new UsageError('name the public keys to verify with: --keyring KEYS (or --sigstore-key FILE)');
  const file = positionals[0]!;
  for (const [value, option] of [
    [file, undefined],
    [values.signature, '--signature'],
  ] as const) {
    const problem = fileArgProblem(value, io.cwd, option);
    if (problem !== null) throw new UsageError(problem);
  }
  let signature: Uint8Array;
  try {
    signature = readFileSync(path.resolve(io.cwd, values.signature));
  } catch (error) {
    throw new UsageError(`--signature ${quoteArg(values.signature)} cannot be read: ${fsReason(error)}`);
  }
  if (signature.byteLength > MAX_SIGNATURE_BYTES)
    throw new UsageError(
      `--signature ${quoteArg(values.signature)} is ${signature.byteLength} bytes, more than the ${MAX_SIGNATURE_BYTES} a detached signature may have`,
    );
  const trust = await readSignatureTrust(values, io.cwd, 'verify');
  if (trust === undefined) return 2;
  if (typeof trust === 'string') {
    io.stderr.write(`teapurl verify: ${trust}`);
    return 1;
  }
  let check: TeaSignatureCheck;
  try {
    check = await checkSignature(path.resolve(io.cwd, file), signature, trust, signaturePolicy(values));
  } catch (error) {
    io.stderr.write(`teapurl verify: ${escapeControls(file)} cannot be read: ${fsReason(error)}\n`);
    return 1;
  }
  const ok = check.verdict === 'verified';
  if (format === 'json') io.stdout.write(`${JSON.stringify({ file, signature: values.signature, ...check }, null, 2)}\n`);
  else if (ok) {
    io.stdout.write(`${escapeControls(file)}: signature verified: ${escapeControls(signerText(check))}\n`);
  }
  if (!ok) {
    const key = check.fingerprint ? ` (key ${check.fingerprint}${check.userId ? ` ${check.userId}` : ''})` : '';
    io.stderr.write(`teapurl verify: ${escapeControls(file)}: ${check.verdict}: ${escapeControls(check.message + key)}\n`);
  }
  return ok ? 0 : 1;
}
