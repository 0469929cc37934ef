/* Generated from corpus/purl-types/*-definition.json by `npm run generate`. Do not edit by hand. */

/** What the engine compiles of the 42 bundled PURL type definitions, as JSON text. */
export const DEFAULT_RULES_JSON: string = "[{\"type\":\"alpm\",\"namespace_definition\":{\"requirement\":\"required\",\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"arch\"}]},{\"type\":\"apk\",\"namespace_definition\":{\"requirement\":\"required\",\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"arch\"}]},{\"type\":\"bazel\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"qualifiers_definition\":[{\"key\":\"repository_url\",\"default_value\":\"https://bcr.bazel.build\"}]},{\"type\":\"bitbucket\",\"namespace_definition\":{\"requirement\":\"required\",\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false}},{\"type\":\"bitnami\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"name_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"arch\",\"default_value\":\"amd64\"},{\"key\":\"distro\"}]},{\"type\":\"brew\",\"namespace_definition\":{\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"repository_url\"}]},{\"type\":\"cargo\",\"namespace_definition\":{\"requirement\":\"prohibited\"}},{\"type\":\"chrome-extension\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"name_definition\":{\"case_sensitive\":false,\"permitted_characters\":\"^[a-p]{32}$\"},\"version_definition\":{\"permitted_characters\":\"^\\\\d+(\\\\.\\\\d+){0,3}$\"}},{\"type\":\"cocoapods\",\"namespace_definition\":{\"requirement\":\"prohibited\"}},{\"type\":\"composer\",\"namespace_definition\":{\"requirement\":\"required\",\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false}},{\"type\":\"conan\",\"qualifiers_definition\":[{\"key\":\"user\"},{\"key\":\"channel\"},{\"key\":\"rrev\"},{\"key\":\"prev\"}]},{\"type\":\"conda\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"qualifiers_definition\":[{\"key\":\"build\"},{\"key\":\"channel\"},{\"key\":\"subdir\"},{\"key\":\"type\"}]},{\"type\":\"cpan\",\"qualifiers_definition\":[{\"key\":\"author\"},{\"key\":\"distpath\"},{\"key\":\"repository_url\"},{\"key\":\"download_url\"},{\"key\":\"vcs_url\"},{\"key\":\"ext\",\"default_value\":\"tar.gz\"}]},{\"type\":\"cran\",\"namespace_definition\":{\"requirement\":\"prohibited\"}},{\"type\":\"deb\",\"namespace_definition\":{\"requirement\":\"required\",\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"arch\"}]},{\"type\":\"docker\"},{\"type\":\"gem\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"qualifiers_definition\":[{\"key\":\"platform\",\"default_value\":\"ruby\"}]},{\"type\":\"generic\",\"qualifiers_definition\":[{\"key\":\"download_url\"},{\"key\":\"checksum\"}]},{\"type\":\"git\",\"namespace_definition\":{\"requirement\":\"required\"}},{\"type\":\"github\",\"namespace_definition\":{\"requirement\":\"required\",\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false}},{\"type\":\"golang\",\"namespace_definition\":{\"requirement\":\"required\"}},{\"type\":\"hackage\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"version_definition\":{\"permitted_characters\":\"^[0-9.]+$\"}},{\"type\":\"hex\",\"namespace_definition\":{\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false}},{\"type\":\"huggingface\",\"namespace_definition\":{\"requirement\":\"required\"},\"version_definition\":{\"case_sensitive\":false}},{\"type\":\"julia\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"qualifiers_definition\":[{\"key\":\"uuid\",\"requirement\":\"required\"}]},{\"type\":\"luarocks\",\"namespace_definition\":{\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"repository_url\"}]},{\"type\":\"maven\",\"namespace_definition\":{\"requirement\":\"required\"},\"qualifiers_definition\":[{\"key\":\"classifier\"},{\"key\":\"type\",\"default_value\":\"jar\"}]},{\"type\":\"mlflow\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"qualifiers_definition\":[{\"key\":\"model_uuid\"},{\"key\":\"run_id\"}]},{\"type\":\"npm\"},{\"type\":\"nuget\",\"namespace_definition\":{\"requirement\":\"prohibited\"}},{\"type\":\"oci\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"name_definition\":{\"case_sensitive\":false},\"version_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"arch\"},{\"key\":\"repository_url\"},{\"key\":\"tag\"}]},{\"type\":\"opam\",\"namespace_definition\":{\"requirement\":\"prohibited\"}},{\"type\":\"otp\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"name_definition\":{\"case_sensitive\":false},\"subpath_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"repository_url\"},{\"key\":\"platform\"},{\"key\":\"arch\"}]},{\"type\":\"pub\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"name_definition\":{\"case_sensitive\":false,\"permitted_characters\":\"^[a-z0-9_]+$\"}},{\"type\":\"pypi\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"name_definition\":{\"case_sensitive\":false},\"version_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"file_name\"}]},{\"type\":\"qpkg\",\"namespace_definition\":{\"requirement\":\"required\",\"case_sensitive\":false}},{\"type\":\"rpm\",\"namespace_definition\":{\"requirement\":\"required\",\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"epoch\"},{\"key\":\"arch\"}]},{\"type\":\"swid\",\"qualifiers_definition\":[{\"key\":\"tag_id\",\"requirement\":\"required\"},{\"key\":\"tag_version\"},{\"key\":\"patch\"},{\"key\":\"tag_creator_name\"},{\"key\":\"tag_creator_regid\"}]},{\"type\":\"swift\",\"namespace_definition\":{\"requirement\":\"required\"}},{\"type\":\"vcpkg\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"qualifiers_definition\":[{\"key\":\"port_version\"},{\"key\":\"repository_revision\"},{\"key\":\"triplet\"}]},{\"type\":\"vscode-extension\",\"namespace_definition\":{\"requirement\":\"required\",\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false},\"version_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"platform\",\"default_value\":\"universal\"}]},{\"type\":\"yocto\",\"namespace_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"repository_url\"},{\"key\":\"layer_version\"}]}]";

/**
 * The names of the 42 bundled PURL types: the keys `PackageURL.Type` declares.
 *
 * @example
 * ```ts
 * import { PurlType, type BundledPurlType } from 'teapurl/purl';
 * const type: BundledPurlType = 'npm';
 * PurlType[type].validate({ name: 'lodash' }); // true
 * ```
 */
export type BundledPurlType =
  | 'alpm'
  | 'apk'
  | 'bazel'
  | 'bitbucket'
  | 'bitnami'
  | 'brew'
  | 'cargo'
  | 'chrome-extension'
  | 'cocoapods'
  | 'composer'
  | 'conan'
  | 'conda'
  | 'cpan'
  | 'cran'
  | 'deb'
  | 'docker'
  | 'gem'
  | 'generic'
  | 'git'
  | 'github'
  | 'golang'
  | 'hackage'
  | 'hex'
  | 'huggingface'
  | 'julia'
  | 'luarocks'
  | 'maven'
  | 'mlflow'
  | 'npm'
  | 'nuget'
  | 'oci'
  | 'opam'
  | 'otp'
  | 'pub'
  | 'pypi'
  | 'qpkg'
  | 'rpm'
  | 'swid'
  | 'swift'
  | 'vcpkg'
  | 'vscode-extension'
  | 'yocto';
