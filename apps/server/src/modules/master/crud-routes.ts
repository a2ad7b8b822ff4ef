/** The HTTP side of one master resource: GET list, GET {id}, POST, PUT {id}, DELETE {id}, as its config allows. */
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { Action, RawQuery } from '@tagih/contract';
import {
  envelopeSchema,
  listPayloadSchema,
  listQuerySchema,
  masterPaths,
  pathId,
} from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { sessionOf, type RouteAccess } from '../../http/access.ts';
import { actorOf } from '../../http/audit-context.ts';
import { ok } from '../../http/envelope.ts';
import { answerLargePage, mayBeLargePage } from '../large-reads/large-page.ts';
import * as crud from './crud-service.ts';
import type { MasterResource, Values, WriteHandlers } from './resource-config.ts';

const row = z.record(z.string(), z.unknown());
const listResponse = envelopeSchema(listPayloadSchema(row));

const intId = z.strictObject({ id: pathId() });
const textId = z.strictObject({
  id: z.string().trim().min(1, 'id is required').max(50, 'id must not exceed 50 characters'),
});

const genericWrites = (resource: MasterResource): WriteHandlers => ({
  create: (deps, actor, body) => crud.create(deps, resource, actor, body),
  update: (deps, actor, id, body) => crud.update(deps, resource, actor, id, body),
  remove: (deps, actor, id) => crud.remove(deps, resource, actor, id),
});

export function registerResource(
  app: FastifyInstance,
  deps: AppDeps,
  resource: MasterResource,
): void {
  const { entity } = resource.def;
  const paths = masterPaths(resource.def);
  const access = (area: 'read' | 'write', action: Action): { access: RouteAccess } => ({
    access: { area: resource.def.access[area], action },
  });
  const tags = ['master'];
  const params = resource.idKind === 'int' ? intId : textId;

  app.get(paths.list, {
    config: access('read', 'read'),
    schema: {
      tags,
      summary: `List ${entity}`,
      querystring: listQuerySchema,
      response: { 200: listResponse },
    },
    handler: async (request, reply) => {
      const raw = request.query as RawQuery;
      if (mayBeLargePage(raw))
        return answerLargePage(
          deps,
          request,
          reply,
          crud.batchedList(deps, resource, raw, sessionOf(request)),
          { envelope: listResponse, row },
        );
      return ok(await crud.list(deps, resource, raw, sessionOf(request)));
    },
  });

  if (resource.getById) {
    app.get(paths.one, {
      config: access('read', 'read'),
      schema: {
        tags,
        summary: `Read one ${entity}`,
        params,
        response: { 200: envelopeSchema(row) },
      },
      handler: async (request) =>
        ok(await crud.get(deps, resource, (request.params as { id: unknown }).id)),
    });
  }

  if (!resource.bodies) return;
  const writes = resource.writes ?? genericWrites(resource);

  app.post(paths.list, {
    config: access('write', 'create'),
    schema: {
      tags,
      summary: `Create ${entity}`,
      body: resource.bodies.create,
      response: { 200: envelopeSchema(row) },
    },
    handler: async (request) =>
      ok(await writes.create(deps, actorOf(request), request.body as Values)),
  });

  app.put(paths.one, {
    config: access('write', 'update'),
    schema: {
      tags,
      summary: `Update ${entity}`,
      params,
      body: resource.bodies.update,
      response: { 200: envelopeSchema(row) },
    },
    handler: async (request) =>
      ok(
        await writes.update(
          deps,
          actorOf(request),
          (request.params as { id: string | number }).id,
          request.body as Values,
        ),
      ),
  });

  app.delete(paths.one, {
    config: access('write', 'delete'),
    schema: {
      tags,
      summary: `Delete ${entity}`,
      params,
      response: { 200: envelopeSchema(z.null()) },
    },
    handler: async (request) => {
      await writes.remove(deps, actorOf(request), (request.params as { id: string | number }).id);
      return ok(null);
    },
  });
}
