import sharp from 'sharp';
const [file, out, h] = process.argv.slice(2);
const img = sharp(file!);
const meta = await img.metadata();
await img.extract({ left: 0, top: 0, width: meta.width!, height: Math.min(meta.height!, Number(h ?? 2400)) }).toFile(out!);
