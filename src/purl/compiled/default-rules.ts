/* Generated from corpus/purl-types/*-definition.json by `npm run generate`. Do not edit by hand. */

/** What the engine compiles of the 42 bundled PURL type definitions, as JSON text. */
export const DEFAULT_RULES_JSON: string = "[{\"type\":\"alpm\",\"namespace_definition\":{\"requirement\":\"required\",\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"arch\"}]},{\"type\":\"apk\",\"namespace_definition\":{\"requirement\":\"required\",\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"arch\"}]},{\"type\":\"bazel\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"qualifiers_definition\":[{\"key\":\"repository_url\",\"default_value\":\"https://bcr.bazel.build\"}]},{\"type\":\"bitbucket\",\"namespace_definition\":{\"requirement\":\"required\",\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false}},{\"type\":\"bitnami\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"name_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"arch\",\"default_value\":\"amd64\"},{\"key\":\"distro\"}]},{\"type\":\"brew\",\"namespace_definition\":{\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"repository_url\"}]},{\"type\":\"cargo\",\"namespace_definition\":{\"requirement\":\"prohibited\"}},{\"type\":\"chrome-extension\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"name_definition\":{\"case_sensitive\":false,\"permitted_characters\":\"^[a-p]{32}$\"},\"version_definition\":{\"permitted_characters\":\"^\\\\d+(\\\\.\\\\d+){0,3}$\"}},{\"type\":\"cocoapods\",\"namespace_definition\":{\"requirement\":\"prohibited\"}},{\"type\":\"composer\",\"namespace_definition\":{\"requirement\":\"required\",\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false}},{\"type\":\"conan\",\"qualifiers_definition\":[{\"key\":\"user\"},{\"key\":\"channel\"},{\"key\":\"rrev\"},{\"key\":\"prev\"}]},{\"type\":\"conda\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"qualifiers_definition\":[{\"key\":\"build\"},{\"key\":\"channel\"},{\"key\":\"subdir\"},{\"key\":\"type\"}]},{\"type\":\"cpan\",\"qualifiers_definition\":[{\"key\":\"author\"},{\"key\":\"distpath\"},{\"key\":\"repository_url\"},{\"key\":\"download_url\"},{\"key\":\"vcs_url\"},{\"key\":\"ext\",\"default_value\":\"tar.gz\"}]},{\"type\":\"cran\",\"namespace_definition\":{\"requirement\":\"prohibited\"}},{\"type\":\"deb\",\"namespace_definition\":{\"requirement\":\"required\",\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"arch\"}]},{\"type\":\"docker\"},{\"type\":\"gem\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"version_definition\":{\"permitted_characters\":\"^[0-9][0-9A-Za-z.-]*$\"},\"qualifiers_definition\":[{\"key\":\"platform\",\"default_value\":\"ruby\"}]},{\"type\":\"generic\",\"qualifiers_definition\":[{\"key\":\"download_url\"},{\"key\":\"checksum\"}]},{\"type\":\"git\",\"namespace_definition\":{\"requirement\":\"required\"}},{\"type\":\"github\",\"namespace_definition\":{\"requirement\":\"required\",\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false}},{\"type\":\"golang\",\"namespace_definition\":{\"requirement\":\"required\"}},{\"type\":\"hackage\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"version_definition\":{\"permitted_characters\":\"^[0-9.]+$\"}},{\"type\":\"hex\",\"namespace_definition\":{\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false}},{\"type\":\"huggingface\",\"namespace_definition\":{\"requirement\":\"required\"},\"version_definition\":{\"case_sensitive\":false}},{\"type\":\"julia\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"qualifiers_definition\":[{\"key\":\"uuid\",\"requirement\":\"required\"}]},{\"type\":\"luarocks\",\"namespace_definition\":{\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"repository_url\"}]},{\"type\":\"maven\",\"namespace_definition\":{\"requirement\":\"required\"},\"qualifiers_definition\":[{\"key\":\"classifier\"},{\"key\":\"type\",\"default_value\":\"jar\"}]},{\"type\":\"mlflow\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"qualifiers_definition\":[{\"key\":\"model_uuid\"},{\"key\":\"run_id\"}]},{\"type\":\"npm\"},{\"type\":\"nuget\",\"namespace_definition\":{\"requirement\":\"prohibited\"}},{\"type\":\"oci\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"name_definition\":{\"case_sensitive\":false},\"version_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"arch\"},{\"key\":\"repository_url\"},{\"key\":\"tag\"}]},{\"type\":\"opam\",\"namespace_definition\":{\"requirement\":\"prohibited\"}},{\"type\":\"otp\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"name_definition\":{\"case_sensitive\":false},\"subpath_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"repository_url\"},{\"key\":\"platform\"},{\"key\":\"arch\"}]},{\"type\":\"pub\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"name_definition\":{\"case_sensitive\":false,\"permitted_characters\":\"^[a-z0-9_]+$\"}},{\"type\":\"pypi\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"name_definition\":{\"case_sensitive\":false},\"version_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"file_name\"}]},{\"type\":\"qpkg\",\"namespace_definition\":{\"requirement\":\"required\",\"case_sensitive\":false}},{\"type\":\"rpm\",\"namespace_definition\":{\"requirement\":\"required\",\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"epoch\"},{\"key\":\"arch\"}]},{\"type\":\"swid\",\"qualifiers_definition\":[{\"key\":\"tag_id\",\"requirement\":\"required\"},{\"key\":\"tag_version\"},{\"key\":\"patch\"},{\"key\":\"tag_creator_name\"},{\"key\":\"tag_creator_regid\"}]},{\"type\":\"swift\",\"namespace_definition\":{\"requirement\":\"required\"}},{\"type\":\"vcpkg\",\"namespace_definition\":{\"requirement\":\"prohibited\"},\"qualifiers_definition\":[{\"key\":\"port_version\"},{\"key\":\"repository_revision\"},{\"key\":\"triplet\"}]},{\"type\":\"vscode-extension\",\"namespace_definition\":{\"requirement\":\"required\",\"case_sensitive\":false},\"name_definition\":{\"case_sensitive\":false},\"version_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"platform\",\"default_value\":\"universal\"}]},{\"type\":\"yocto\",\"namespace_definition\":{\"case_sensitive\":false},\"qualifiers_definition\":[{\"key\":\"repository_url\"},{\"key\":\"layer_version\"}]}]";

/**
 * The longest value each bundled `permitted_characters` pattern that can backtrack badly runs on
 * directly, as JSON text of `[pattern, length]` pairs (worked out when teapurl is built); the
 * other bundled patterns run on any value.
 */
export const BUNDLED_PATTERN_SAFE_LENGTHS_JSON: string = "[[\"^\\\\d+(\\\\.\\\\d+){0,3}$\",22]]";

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

/**
 * One `Entry` for each of the 42 bundled PURL types, by name: what `PackageURL.Type` declares.
 *
 * @example
 * ```ts
 * import type { BundledPurlTypes, PurlTypeEntry } from 'teapurl/purl';
 * type Validators = BundledPurlTypes<PurlTypeEntry['validate']>;
 * ```
 */
export interface BundledPurlTypes<Entry> {
  /** `pkg:alpm`: Arch Linux pacman package (the bundled definition). */
  readonly alpm: Entry;
  /** `pkg:apk`: Alpine APK package (the bundled definition). */
  readonly apk: Entry;
  /** `pkg:bazel`: Bazel module (the bundled definition). */
  readonly bazel: Entry;
  /** `pkg:bitbucket`: Bitbucket (the bundled definition). */
  readonly bitbucket: Entry;
  /** `pkg:bitnami`: Bitnami (the bundled definition). */
  readonly bitnami: Entry;
  /** `pkg:brew`: Homebrew (the bundled definition). */
  readonly brew: Entry;
  /** `pkg:cargo`: Cargo (the bundled definition). */
  readonly cargo: Entry;
  /** `pkg:chrome-extension`: Chrome extension (the bundled definition). */
  readonly 'chrome-extension': Entry;
  /** `pkg:cocoapods`: CocoaPods (the bundled definition). */
  readonly cocoapods: Entry;
  /** `pkg:composer`: Composer (the bundled definition). */
  readonly composer: Entry;
  /** `pkg:conan`: Conan package (the bundled definition). */
  readonly conan: Entry;
  /** `pkg:conda`: Conda (the bundled definition). */
  readonly conda: Entry;
  /** `pkg:cpan`: CPAN (the bundled definition). */
  readonly cpan: Entry;
  /** `pkg:cran`: CRAN (the bundled definition). */
  readonly cran: Entry;
  /** `pkg:deb`: Debian .deb package (the bundled definition). */
  readonly deb: Entry;
  /** `pkg:docker`: Docker container image (the bundled definition). */
  readonly docker: Entry;
  /** `pkg:gem`: RubyGems (the bundled definition). */
  readonly gem: Entry;
  /** `pkg:generic`: Generic catch-all package (the bundled definition). */
  readonly generic: Entry;
  /** `pkg:git`: Git (the bundled definition). */
  readonly git: Entry;
  /** `pkg:github`: GitHub (the bundled definition). */
  readonly github: Entry;
  /** `pkg:golang`: Go (golang) package (the bundled definition). */
  readonly golang: Entry;
  /** `pkg:hackage`: Hackage package (the bundled definition). */
  readonly hackage: Entry;
  /** `pkg:hex`: Hex (the bundled definition). */
  readonly hex: Entry;
  /** `pkg:huggingface`: Hugging Face model (the bundled definition). */
  readonly huggingface: Entry;
  /** `pkg:julia`: Julia (the bundled definition). */
  readonly julia: Entry;
  /** `pkg:luarocks`: LuaRocks (the bundled definition). */
  readonly luarocks: Entry;
  /** `pkg:maven`: Maven (the bundled definition). */
  readonly maven: Entry;
  /** `pkg:mlflow`: MLflow (the bundled definition). */
  readonly mlflow: Entry;
  /** `pkg:npm`: npm package (the bundled definition). */
  readonly npm: Entry;
  /** `pkg:nuget`: NuGet (the bundled definition). */
  readonly nuget: Entry;
  /** `pkg:oci`: OCI artifact (the bundled definition). */
  readonly oci: Entry;
  /** `pkg:opam`: opam (the bundled definition). */
  readonly opam: Entry;
  /** `pkg:otp`: OTP application (BEAM) (the bundled definition). */
  readonly otp: Entry;
  /** `pkg:pub`: Pub (the bundled definition). */
  readonly pub: Entry;
  /** `pkg:pypi`: PyPI (the bundled definition). */
  readonly pypi: Entry;
  /** `pkg:qpkg`: QNX (the bundled definition). */
  readonly qpkg: Entry;
  /** `pkg:rpm`: RPM (the bundled definition). */
  readonly rpm: Entry;
  /** `pkg:swid`: SWID tag (the bundled definition). */
  readonly swid: Entry;
  /** `pkg:swift`: Swift (the bundled definition). */
  readonly swift: Entry;
  /** `pkg:vcpkg`: vcpkg (the bundled definition). */
  readonly vcpkg: Entry;
  /** `pkg:vscode-extension`: VS Code extension (the bundled definition). */
  readonly 'vscode-extension': Entry;
  /** `pkg:yocto`: Yocto Project (the bundled definition). */
  readonly yocto: Entry;
}
