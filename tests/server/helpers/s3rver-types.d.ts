/** s3rver ships no types: the little of it the tests use. */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: object);
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  }
}
