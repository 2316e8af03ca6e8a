// s3rver in a process of its own: `node --openssl-legacy-provider test/s3rver-process.mjs DIR BUCKET...`. Its
// ListObjectsV2 continuation tokens are DES-encrypted, which Node 20's OpenSSL 3 offers only with the legacy provider
// (without it every listing of over 1,000 keys is a 500). Prints {"port":N} once listening; stops on SIGTERM.
import S3rver from 's3rver';

const [directory, ...buckets] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name })) });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
process.on('disconnect', () => server.close().then(() => process.exit(0)));
