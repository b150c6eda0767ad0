// The part of datapackage-js (the Frictionless Data Package reference implementation, a test-only dependency) the
// bulk-export tests use; the package ships no types.
declare module 'datapackage' {
  interface Resource {
    name: string;
    tabular: boolean;
    descriptor: { path: string };
    read(options?: { cast?: boolean; keyed?: boolean; limit?: number }): Promise<unknown[]>;
  }
  export class Package {
    static load(descriptor: object, options?: { basePath?: string; strict?: boolean }): Promise<Package>;
    readonly valid: boolean;
    readonly errors: Error[];
    readonly resources: Resource[];
    getResource(name: string): Resource | null;
  }
}
