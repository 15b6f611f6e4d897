import { type MapSettings, mapSettingsSchema } from '@petti/shared/schemas/map';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Public: the map tiles the app draws under its pins, from the configuration (docs/maps.md). */
export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  const { MAP_TILE_URL, MAP_TILE_ATTRIBUTION, MAP_TILE_SUBDOMAINS, MAP_TILE_MAX_ZOOM } = app.ctx.config;
  const settings: MapSettings = {
    tiles:
      MAP_TILE_URL !== 'none'
        ? {
            url: MAP_TILE_URL,
            attribution: MAP_TILE_ATTRIBUTION,
            subdomains: MAP_TILE_SUBDOMAINS,
            maxZoom: MAP_TILE_MAX_ZOOM,
          }
        : null,
  };
  app.get(
    '/map',
    {
      schema: {
        tags: ['places'],
        summary: 'The tile server the app’s maps use (null: pins on the town’s outline)',
        response: { 200: mapSettingsSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').send(settings),
  );
};
