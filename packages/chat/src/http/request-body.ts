// Reads a request body into parameters: form-urlencoded or multipart/form-data, bounded in size, strict UTF-8.

import { Busboy } from '@fastify/busboy'
import type { Context } from 'koa'
import { ChatError } from '../common/chat-error.js'
import type { UploadedFile } from '../org/uploads.js'
import { decodeForm, invalid } from '../common/params.js'

/** Bodies larger than this are refused (413) before being read whole. */
export const MAX_BODY_BYTES = 1024 * 1024
/** Most parts one multipart body may hold; no endpoint takes nearly as many parameters. */
const MAX_PARTS = 1000

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true })

/**
 * The parameters of the body as name/value pairs, in order (empty when there is none). Form-urlencoded
 * is what the spec names; multipart/form-data is what the official clients send (zulip-js, the Python
 * client's file uploads), so both are read by the same rules: at most MAX_BODY_BYTES (413), UTF-8 only
 * (400), no file parts. A name given twice is refused later, by `Params`.
 */
export async function readBody(ctx: Context): Promise<Array<[string, string]>> {
  return (await readBodyWith(ctx, MAX_BODY_BYTES, undefined)).pairs
}

/**
 * The body of an upload (POST /user_uploads): as `readBody`, but up to `maxBytes` and with its file parts
 * (as the Python client and curl -F send them) kept apart, undecoded.
 */
export async function readUploadBody(ctx: Context, maxBytes: number): Promise<{ pairs: Array<[string, string]>; files: UploadedFile[] }> {
  const files: UploadedFile[] = []
  const { pairs } = await readBodyWith(ctx, maxBytes, files)
  return { pairs, files }
}

async function readBodyWith(ctx: Context, maxBytes: number, files: UploadedFile[] | undefined): Promise<{ pairs: Array<[string, string]> }> {
  const type = ctx.get('Content-Type')
  const body = await readBounded(ctx, maxBytes)
  if (body.length === 0) return { pairs: [] }
  if (type === '' || /^application\/x-www-form-urlencoded\s*(?:;|$)/i.test(type)) {
    let text: string
    try {
      text = STRICT_UTF8.decode(body)
    } catch {
      throw new ChatError('BAD_REQUEST', 'The request body is not valid UTF-8')
    }
    return { pairs: [...decodeForm(text)] }
  }
  if (/^multipart\/form-data\s*;/i.test(type)) return { pairs: await readMultipart(type, body, maxBytes, files) }
  throw new ChatError('BAD_REQUEST', 'Parameters must be form-encoded (application/x-www-form-urlencoded or multipart/form-data)')
}

/** The whole body, refused once it passes MAX_BODY_BYTES (whatever Content-Length claimed). */
async function readBounded(ctx: Context, maxBytes: number): Promise<Buffer> {
  const declared = Number(ctx.get('Content-Length') || 0)
  if (declared > maxBytes) throw tooLarge(maxBytes)
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > maxBytes) throw tooLarge(maxBytes)
      chunks.push(chunk)
    }
  } catch (error) {
    if (error instanceof ChatError) throw error
    // The client closed the connection before its body was whole (Node's `aborted`, or a parse error at the
    // socket's end): its own doing, answered as such, and no server error to log.
    throw new ChatError('BAD_REQUEST', 'The request body was cut short: the connection closed before it was complete')
  }
  return Buffer.concat(chunks, size)
}

function tooLarge(maxBytes: number): ChatError {
  return new ChatError('PAYLOAD_TOO_LARGE', `Request body larger than ${maxBytes} bytes`)
}

/**
 * The fields of a multipart/form-data body (RFC 7578). busboy finds the parts; every part is taken as a
 * "file" so that its bytes arrive undecoded and are decoded here strictly as UTF-8 whatever charset a
 * part declares (busboy would replace bad UTF-8 with U+FFFD; it does not tell a part's charset).
 */
function readMultipart(type: string, body: Buffer, maxBytes: number, files: UploadedFile[] | undefined): Promise<Array<[string, string]>> {
  return new Promise((resolve, reject) => {
    let parser: InstanceType<typeof Busboy>
    try {
      parser = new Busboy({
        headers: { 'content-type': type },
        isPartAFile: () => true,
        limits: { parts: MAX_PARTS + 1, files: MAX_PARTS + 1, fileSize: maxBytes },
      })
    } catch {
      return reject(new ChatError('BAD_REQUEST', 'Malformed multipart/form-data Content-Type (a boundary is required)'))
    }
    const fields: Array<Promise<[string, string] | undefined>> = []
    let failure: ChatError | undefined
    const fail = (error: ChatError): void => void (failure ??= error)
    parser.on('file', (name, stream, filename) => {
      // (A part cut short errs here and the parser errs too: the parser's error answers.)
      stream.on('error', () => {})
      if (filename !== undefined && files === undefined) {
        fail(new ChatError('BAD_REQUEST', `File uploads are not accepted here ('${name.slice(0, 100)}')`))
        stream.resume()
        return
      }
      if (filename !== undefined) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        fields.push(
          new Promise((done) =>
            stream.once('end', () => {
              files!.push({ field: name, filename, bytes: Buffer.concat(chunks) })
              done(undefined)
            }),
          ),
        )
        return
      }
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      fields.push(
        new Promise((done) =>
          stream.once('end', () => {
            try {
              done([name, STRICT_UTF8.decode(Buffer.concat(chunks))])
            } catch {
              fail(invalid(name, 'not valid UTF-8'))
              done([name, ''])
            }
          }),
        ),
      )
    })
    parser.on('partsLimit', () => fail(new ChatError('BAD_REQUEST', `More than ${MAX_PARTS} parts in a multipart body`)))
    // A body cut short or without its closing boundary is an error, and then no 'finish' comes.
    parser.on('error', () => reject(failure ?? new ChatError('BAD_REQUEST', 'Malformed multipart/form-data body')))
    parser.on('finish', () => {
      void Promise.all(fields).then((pairs) => {
        if (failure !== undefined) reject(failure)
        else resolve(pairs.filter((pair) => pair !== undefined))
      })
    })
    parser.end(body)
  })
}
