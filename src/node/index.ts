/**
 * teapurl for Node: what reads and writes files and folders. Validation and `--fix` of files,
 * globs and standard input; PURL engines and URL mappers built from folders of documents. Each
 * has the pattern guard at hand, loaded when a value first needs it.
 *
 * @module teapurl/node
 */
export {
  validateFiles,
  validateBytes,
  validateStream,
  DEFAULT_MAX_BYTES,
  type ValidateFilesOptions,
  type FilesReport,
} from '../validator/node/validate-files.js';
export {
  fixFiles,
  fixStream,
  type FixFilesOptions,
  type FixFilesReport,
  type FileFix,
  type FileFixOutcome,
  type FixedStream,
} from '../validator/node/fix-files.js';
export { purlEngineFromDirectory } from '../purl/node/purl-engine-from-directory.js';
export { purlUrlsFromDirectory, type PurlUrlsFromDirectoryOptions } from '../purl/node/purl-urls-from-directory.js';
export { tlsTransport, type TlsTransportOptions, type ClientCertificate } from '../tea/node/tls-transport.js';
export {
  downloadProductRelease,
  MANIFEST_NAME,
  type TeaDownloadOptions,
  type TeaDownloadProgress,
  type TeaDownloadReport,
  type TeaManifestEntry,
  type TeaManifestSignature,
} from '../tea/node/download/download-release.js';
export { TeaDownloadError, type TeaDownloadFailure, type TeaDownloadErrorOptions } from '../tea/node/download/download-file.js';
export {
  verifyDetachedSignature,
  readKeyring,
  TeaKeyring,
  TeaKeyringError,
  OPENPGP_MISSING,
  MAX_SIGNATURE_BYTES,
  type KeyringSource,
  type TeaKeyringKey,
  type TeaKeyringFailure,
  type TeaSignatureCheck,
  type TeaSignaturePolicy,
  type TeaSignatureVerdict,
} from '../tea/node/download/openpgp-signature.js';
export { TeaSignatureError } from '../tea/node/download/signature-stage.js';
export { readSigstoreKeys, verifySigstoreBundle, SigstoreKeys, SIGSTORE_MISSING } from '../tea/node/download/sigstore-bundle.js';
export { signArtefacts, type SignedArtefacts } from '../tea/node/sign-artefacts.js';
export { readTeaContent, type TeaContentReport } from '../tea/node/tea-content.js';
// The error contract: every error teapurl throws is a TeapurlError with a string `code`.
export { TeapurlError, isTeapurlError, InvalidArgumentError, type TeapurlErrorOptions, type InvalidArgumentCode } from '../shared/errors.js';
