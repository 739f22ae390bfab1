import { Transform, type Readable } from 'node:stream';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  catalogImportMaxMegabytes,
  catalogImportQuerySchema,
  catalogImportReportSchema,
  catalogImportRunParamsSchema,
  catalogImportRunSchema,
} from '@threadline/contracts';
import { badRequest, notFound, ShopError } from '../../errors.ts';
import { describeApiCall } from '../../plugins/api-docs.ts';
import { staffOf } from '../../plugins/staff-access.ts';
import { ImportFileTooLarge, type CatalogImport } from './catalog-import.ts';

const csvTypes = new Set(['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel']);
const workbookName = /\.(xlsx|xlsm|xls|ods|numbers)$/i;

const cutOff = () => badRequest('The upload was cut off before the end of the file; send the file again.');

/**
 * The uploaded file as a stream, under the import's own size limit (the app's default is the
 * profile picture's). Excel on Windows labels a .csv application/vnd.ms-excel, so the name counts too.
 */
async function csvUpload(request: FastifyRequest): Promise<{ file: Readable; fileName: string }> {
  if (!request.isMultipart()) throw badRequest('Send the CSV file as multipart form data, in a field named file.');
  const parts = request.files({ limits: { fileSize: catalogImportMaxMegabytes * 1024 * 1024, files: 1 } });
  const first = await parts.next().catch((error: unknown) => {
    throw badRequest(`The upload could not be read: ${error instanceof Error ? error.message : 'it was cut off'}.`);
  });
  const part = first.done ? undefined : first.value;
  if (!part) throw badRequest('No file was sent: add the CSV file in a field named file.');
  const isCsv = !workbookName.test(part.filename) && (/\.(csv|txt)$/i.test(part.filename) || csvTypes.has(part.mimetype));
  if (!isCsv) {
    part.file.resume();
    throw new ShopError(415, "Only CSV files can be imported. In Excel choose File › Save As › 'CSV UTF-8 (Comma delimited)'.");
  }
  // Past the limit the upload's stream just ends early, cut off: that must fail the import, never
  // import the first part of a file.
  const whole = new Transform({
    transform: (chunk, _encoding, done) => done(null, chunk),
    flush: (done) => done(part.file.truncated ? new ImportFileTooLarge(catalogImportMaxMegabytes) : null),
  });
  part.file.on('limit', () => whole.destroy(new ImportFileTooLarge(catalogImportMaxMegabytes)));
  part.file.on('error', () => whole.destroy(cutOff()));
  // A form cut off before its closing boundary leaves the file's stream waiting for data that never
  // comes; the form's own end says so: the parts after the file end with that error.
  parts.next().then(
    (next) => {
      if (!next.done) {
        next.value.file.resume();
        whole.destroy(badRequest('Send one file only.'));
      }
    },
    () => whole.destroy(cutOff()),
  );
  return { file: part.file.pipe(whole), fileName: part.filename };
}

// The file is read as a stream by csvUpload, not by a body schema; the reference still describes it.
const describedUpload: SwaggerTransform = (document) =>
  describeApiCall({
    ...document,
    schema: {
      ...document.schema,
      body: z.object({ file: z.file().describe('The catalogue as CSV (docs/back-office.md "Catalogue import and export")') }),
      consumes: ['multipart/form-data'],
    },
  });
const csvAnswer = z.string().describe("The catalogue as CSV (text/csv) in the import's columns, one row per variant");

const attachment = () => `attachment; filename="threadline-catalogue-${new Date().toISOString().slice(0, 10)}.csv"`;

/** POST /api/admin/products/import/ and GET /api/admin/products/export/ (BACKOFFICE.md). */
export const catalogImportRoutes: FastifyPluginAsyncZod<{ imports: CatalogImport; waitMs: number }> = async (app, { imports, waitMs }) => {
  app.post(
    '/products/import/',
    {
      config: { swaggerTransform: describedUpload },
      schema: { querystring: catalogImportQuerySchema, response: { 200: catalogImportReportSchema, 202: catalogImportRunSchema } },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const answer = await imports.importUpload({ ...(await csvUpload(request)), dryRun: request.query.dry_run, staff }, waitMs);
      if ('report' in answer) return answer.report;
      return reply.code(202).header('location', `/api/admin/products/import/${answer.run.id}/`).send(answer.run);
    },
  );

  app.get(
    '/products/import/:id/',
    { schema: { params: catalogImportRunParamsSchema, response: { 200: catalogImportRunSchema } } },
    async (request) => {
      staffOf(request);
      const run = await imports.run(request.params.id);
      if (!run) throw notFound('No catalogue import has this number.');
      return run;
    },
  );

  // The schema describes the file for the reference; Fastify pipes a stream as it is, never serializing it.
  app.get('/products/export/', { schema: { produces: ['text/csv'], response: { 200: csvAnswer } } }, async (request, reply) => {
    staffOf(request);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment())
      .send(imports.exportCsv() as unknown as string);
  });
};
