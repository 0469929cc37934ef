/**
 * Checks the public API's documentation without writing any page:
 *
 * - every module-level export of the entry points (typedoc.json: `teapurl` and `teapurl/tea`,
 *   including what they re-export, such as the generated `types/`) has an `@example` block with
 *   a fenced ```ts code sample;
 * - typedoc's own validation (typedoc.json: `notDocumented`, `invalidLink`, …) reports nothing,
 *   so every export and member has a comment and every `{@link}` resolves.
 *
 * `npm run docs:api` runs it after typedoc; `node --import tsx scripts/check-api-docs.ts` runs it
 * alone (a few seconds). It lists every problem and exits 1, or prints one line and exits 0.
 * test/api-docs.test.ts calls {@link checkApiDocs} on the project and on a small fixture.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Application, Logger, LogLevel, ReflectionKind, type Comment, type DeclarationReflection, type ProjectReflection } from 'typedoc';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** An export whose documentation has no usable example. */
export interface MissingExample {
  /** The export's name, after its module's (`teapurl/tea.discover`) when there are several modules. */
  name: string;
  /** Its kind, such as `Function` or `Interface`. */
  kind: string;
  /** The file that declares it, relative to the project. */
  file: string;
  /** What is wrong: no comment, no `@example`, or an example without a ```ts code block. */
  problem: string;
}

/** Everything {@link checkApiDocs} found; both lists are empty when the documentation is complete. */
export interface ApiDocsReport {
  /** Module-level exports without a ```ts `@example`. */
  missingExamples: MissingExample[];
  /** typedoc's warnings and errors (undocumented members, broken links, …), one line each. */
  warnings: string[];
}

/** What to check: a typedoc.json, or entry points and their tsconfig.json instead of one. */
export interface CheckApiDocsOptions {
  /** The typedoc configuration to read. Default: `typedoc.json` in the working directory. */
  config?: string;
  /** Entry point files; with `tsconfig`, no typedoc configuration is read. */
  entryPoints?: string[];
  /** The tsconfig.json that compiles the entry points. */
  tsconfig?: string;
}

/** A typedoc logger that keeps warnings and errors instead of printing them. */
class CollectingLogger extends Logger {
  readonly messages: string[] = [];

  override log(message: string, level: LogLevel): void {
    if (level >= LogLevel.Warn) this.messages.push(message);
  }
}

/**
 * Converts the entry points with typedoc, runs typedoc's validation, and lists the exports without
 * an example. With no options it uses typedoc.json from the working directory.
 */
export async function checkApiDocs(options: CheckApiDocsOptions = {}): Promise<ApiDocsReport> {
  const custom = options.entryPoints !== undefined || options.tsconfig !== undefined;
  const app = await Application.bootstrapWithPlugins(
    {
      ...(custom ? {} : { options: options.config ?? 'typedoc.json' }),
      ...(options.entryPoints ? { entryPoints: options.entryPoints } : {}),
      ...(options.tsconfig ? { tsconfig: options.tsconfig } : {}),
      // Source links are for the pages; type errors are tsc's job (and the docs run's).
      disableSources: true,
      skipErrorChecking: true,
    },
    // No readers: the fixture must not pick up the project's typedoc.json.
    ...(custom ? [[]] : []),
  );
  const logger = new CollectingLogger();
  app.logger = logger;
  const project = await app.convert();
  if (!project) return { missingExamples: [], warnings: [...logger.messages, 'typedoc could not convert the entry points'] };
  app.validate(project);
  return { missingExamples: findExportsWithoutExample(project), warnings: logger.messages };
}

/** Every module-level export of a converted project that lacks a ```ts `@example`, in typedoc's order. */
export function findExportsWithoutExample(project: ProjectReflection): MissingExample[] {
  const modules = project.getChildrenByKind(ReflectionKind.Module);
  const containers = modules.length > 0 ? modules : [project];
  const missing: MissingExample[] = [];
  for (const container of containers) {
    for (const exported of container.children ?? []) {
      // A re-export of what another entry point documents (`teapurl` re-exports `teapurl/tea`).
      if (exported.kindOf(ReflectionKind.Reference)) continue;
      const problem = exampleProblem(exported);
      if (!problem) continue;
      missing.push({
        name: container === project ? exported.name : `${container.name}.${exported.name}`,
        kind: ReflectionKind[exported.kind] ?? String(exported.kind),
        file: project.getSymbolIdFromReflection(exported)?.packagePath ?? '(unknown file)',
        problem,
      });
    }
  }
  return missing;
}

/** Why the reflection's documentation lacks a usable example, or `undefined` when it has one. */
function exampleProblem(reflection: DeclarationReflection): string | undefined {
  // Functions carry their comment on the signature; everything else on the declaration.
  const comments = [reflection.comment, ...(reflection.signatures ?? []).map((s) => s.comment)].filter((c): c is Comment => c !== undefined);
  if (comments.length === 0) return 'no comment';
  const examples = comments.flatMap((comment) => comment.blockTags.filter((tag) => tag.tag === '@example'));
  if (examples.length === 0) return 'no @example';
  const fenced = examples.some((tag) => tag.content.some((part) => part.kind === 'code' && /^```tsx?\s/.test(part.text)));
  return fenced ? undefined : '@example without a ```ts code block';
}

async function main(): Promise<void> {
  const started = Date.now();
  const { missingExamples, warnings } = await checkApiDocs({ config: path.join(ROOT, 'typedoc.json') });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  for (const warning of warnings) console.error(`typedoc: ${warning}`);
  for (const { name, kind, file, problem } of missingExamples) console.error(`${file}: ${name} (${kind}): ${problem}`);
  if (missingExamples.length === 0 && warnings.length === 0) {
    console.log(`check-api-docs: every public export has a \`\`\`ts @example, typedoc reports nothing (${seconds} s)`);
    return;
  }
  console.error(`check-api-docs: ${missingExamples.length} export(s) without a \`\`\`ts @example, ${warnings.length} typedoc warning(s) (${seconds} s)`);
  process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
