// Reads one sample from Prometheus text: `name{labels} value`, labels written as the registry writes them.

export function metricValue(text: string, name: string, labels?: string): number | undefined {
  const prefix = labels === undefined ? `${name} ` : `${name}{${labels}} `
  const line = text.split('\n').find((l) => l.startsWith(prefix))
  return line === undefined ? undefined : Number(line.slice(prefix.length))
}
