/** /api/preferences/:screen/* : the signed-in user's own columns and saved views. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  MESSAGES,
  columnPreferenceBody,
  columnPreferenceData,
  envelopeSchema,
  preferenceScreenParams,
  savedViewBody,
  savedViewParams,
  savedViewSchema,
} from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../http/envelope.ts';
import { actorOf } from '../../http/audit-context.ts';
import * as preferences from './service.ts';

const tags = ['preferences'];

export const preferenceRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(API_PATHS.preferences.columns, {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The columns the user chose on a screen (null: the default layout)',
        params: preferenceScreenParams,
        response: { 200: envelopeSchema(columnPreferenceData) },
      },
      handler: async (request) =>
        ok(await preferences.getColumns(deps, actorOf(request), request.params.screen)),
    });

    app.put(API_PATHS.preferences.columns, {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Choose the shown columns, in order',
        params: preferenceScreenParams,
        body: columnPreferenceBody,
        response: { 200: envelopeSchema(columnPreferenceData) },
      },
      handler: async (request) => {
        await preferences.chooseColumns(
          deps,
          actorOf(request),
          request.params.screen,
          request.body.columns,
        );
        return ok({ columns: request.body.columns }, MESSAGES.columnsSaved);
      },
    });

    app.delete(API_PATHS.preferences.columns, {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Back to the default columns',
        params: preferenceScreenParams,
        response: { 200: envelopeSchema(columnPreferenceData) },
      },
      handler: async (request) => {
        await preferences.resetColumns(deps, actorOf(request), request.params.screen);
        return ok({ columns: null }, MESSAGES.columnsSaved);
      },
    });

    app.get(API_PATHS.preferences.views, {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The user’s saved views of a screen, by name',
        params: preferenceScreenParams,
        response: { 200: envelopeSchema(z.array(savedViewSchema)) },
      },
      handler: async (request) =>
        ok(await preferences.listViews(deps, actorOf(request), request.params.screen)),
    });

    app.post(API_PATHS.preferences.views, {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Save a view (one of the same name is replaced)',
        params: preferenceScreenParams,
        body: savedViewBody,
        response: { 200: envelopeSchema(savedViewSchema) },
      },
      handler: async (request) =>
        ok(
          await preferences.saveView(deps, actorOf(request), request.params.screen, request.body),
          MESSAGES.viewSaved,
        ),
    });

    app.delete(API_PATHS.preferences.view, {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Delete one of the user’s views',
        params: savedViewParams,
        response: { 200: envelopeSchema(z.null()) },
      },
      handler: async (request) => {
        await preferences.deleteView(
          deps,
          actorOf(request),
          request.params.screen,
          request.params.viewId,
        );
        return ok(null, MESSAGES.viewDeleted);
      },
    });
  };
