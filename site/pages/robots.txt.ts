import type { APIRoute } from 'astro';
import { robotsTxt } from '../features/seo/seo.ts';

export const GET: APIRoute = ({ site, url }) =>
  new Response(robotsTxt(site ?? url.origin), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
