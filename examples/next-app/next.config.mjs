// The comment service answers its apps' allowed origins; this app proxies it instead, so the browser talks to one
// origin (as examples/react-app's dev server does). In production, register your site's origin with
// `npm run comments -- app:create --origin https://your.site` and pass the service's origin as `host`.
const guffaw = process.env.GUFFAW_URL ?? 'http://localhost:3000';

/** @type {import('next').NextConfig} */
export default {
  async rewrites() {
    return [
      { source: '/comments/:path*', destination: `${guffaw}/comments/:path*` },
      { source: '/media/:path*', destination: `${guffaw}/media/:path*` },
    ];
  },
};
