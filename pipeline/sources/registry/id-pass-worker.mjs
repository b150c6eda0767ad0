// Worker-thread entry of the registry id pass (id-pass.ts): loads the TypeScript body through tsx's API, so the
// thread starts the same whether the pipeline runs under tsx or under the test runner.
import { tsImport } from 'tsx/esm/api';

await tsImport('./id-pass-thread.ts', import.meta.url);
