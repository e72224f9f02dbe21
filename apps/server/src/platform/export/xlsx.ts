/** Sends a workbook (exceljs) as an .xlsx download. */
import type { FastifyReply } from 'fastify';

export async function sendXlsx(reply: FastifyReply, wb: { xlsx: { writeBuffer: () => Promise<unknown> } }, filename: string) {
  const buf = await wb.xlsx.writeBuffer();
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Buffer.from(buf as ArrayBuffer));
}
