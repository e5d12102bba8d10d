/**
 * Illustrated portraits for the local world, drawn on this machine with DiceBear's `avataaars` style
 * (https://www.dicebear.com, "Avataaars" by Pablo Stanley, free for personal and commercial use), so
 * the local product shows faces where the real one shows photos: the wall, the landing page, chat,
 * calls. Each account keeps one look (skin, hair, clothes from its uid) in every picture; a host's
 * gallery photos vary the expression and the scene.
 */
import * as avataaars from '@dicebear/avataaars'
import { createAvatar } from '@dicebear/core'
import type { Gender } from '@vchat/contract'
import { seedHash } from '../db/seedData.ts'

type AvataaarsOptions = NonNullable<Parameters<typeof createAvatar<avataaars.Options>>[1]>
type Top = NonNullable<avataaars.Options['top']>[number]
type Mouth = NonNullable<avataaars.Options['mouth']>[number]
type Eyes = NonNullable<avataaars.Options['eyes']>[number]
type Eyebrows = NonNullable<avataaars.Options['eyebrows']>[number]

const LONG_HAIR: readonly Top[] = ['bigHair', 'bob', 'curly', 'curvy', 'frida', 'longButNotTooLong', 'miaWallace', 'straight01', 'straight02', 'straightAndStrand', 'hijab']
const SHORT_HAIR: readonly Top[] = ['shortCurly', 'shortFlat', 'shortRound', 'shortWaved', 'sides', 'theCaesar', 'theCaesarAndSidePart', 'dreads01', 'frizzle', 'shavedSides']
/** Friendly faces only: a host's gallery is her best side. */
const MOUTHS: readonly Mouth[] = ['smile', 'default', 'twinkle', 'smile']
/** Natural skin tones and hair colours only (the style also has yellow skin and pink or white hair). */
const SKIN = ['614335', 'd08b5b', 'ae5d29', 'edb98a', 'ffdbb4']
const HAIR = ['2c1b18', '4a312c', '724133', 'a55728', 'b58143', 'd6b370', 'c93305']
/** Plain clothes: the graphic shirt prints words and pictures a host would not choose. */
const CLOTHING: NonNullable<avataaars.Options['clothing']> = ['blazerAndShirt', 'blazerAndSweater', 'collarAndSweater', 'hoodie', 'overall', 'shirtCrewNeck', 'shirtScoopNeck', 'shirtVNeck']
const EYES: readonly Eyes[] = ['default', 'happy', 'wink', 'default', 'side']
const EYEBROWS: readonly Eyebrows[] = ['defaultNatural', 'raisedExcitedNatural', 'default', 'raisedExcited']

const pick = <T,>(items: readonly T[], hash: number): T => items[hash % items.length] as T

export interface PortraitOptions {
  /** Whose face (the uid): the same look in every picture of the account. */
  person: string
  /** '' when the account did not say: any hair style. */
  gender: Gender | ''
  /** 0 for the profile picture; a gallery photo's index gives another expression and scene. */
  variant: number
  /** Width of the drawing in pixels (the SVG is vector; the 480 px quality suffix sets it). */
  width: number
  /** Height over width: 1 for avatars, 4/3 for gallery photos. */
  aspect: number
}

/** One portrait as an SVG document: a gradient scene, soft lights, and the face at the bottom. */
export function portraitSvg({ person, gender, variant, width, aspect }: PortraitOptions): string {
  const look = seedHash(`look:${person}`)
  const mood = seedHash(`mood:${person}:${variant}`)
  const options: AvataaarsOptions = {
    seed: person,
    top: [pick(gender === 'male' ? SHORT_HAIR : gender === 'female' ? LONG_HAIR : [...LONG_HAIR, ...SHORT_HAIR], look)],
    topProbability: 100,
    facialHairProbability: gender === 'male' ? 40 : 0,
    skinColor: [pick(SKIN, look >>> 4)],
    hairColor: [pick(HAIR, look >>> 7)],
    facialHairColor: [pick(HAIR, look >>> 7)],
    clothing: [...CLOTHING],
    accessoriesProbability: 15,
    mouth: [pick(MOUTHS, mood)],
    eyes: [pick(EYES, mood >>> 3)],
    eyebrows: [pick(EYEBROWS, mood >>> 5)],
    // The avatar draws no background of its own: the scene below is ours.
    backgroundColor: ['transparent'],
  }
  const face = createAvatar(avataaars, options).toString()
  const w = 480
  const h = Math.round(w * aspect)
  const hue = (look + variant * 47) % 360
  const hue2 = (hue + 50 + (mood % 60)) % 360
  const lights = [0, 1, 2]
    .map((i) => {
      const light = seedHash(`light:${person}:${variant}:${i}`)
      return `<circle cx="${light % w}" cy="${(light >>> 8) % h}" r="${40 + (light % 90)}" fill="#fff" fill-opacity="${0.08 + (i % 3) * 0.04}"/>`
    })
    .join('')
  // The face sits at the bottom of the frame, as in a selfie: a square drawing in a taller photo.
  const size = Math.min(w, h)
  const inner = face.replace(/^<svg\b[^>]*>/, (tag) =>
    tag.replace(/\s(?:width|height|x|y)="[^"]*"/g, '').replace('<svg', `<svg x="${(w - size) / 2}" y="${h - size}" width="${size}" height="${size}"`),
  )
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round(width * aspect)}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,72%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue2},60%,48%)"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>${lights}${inner}</svg>`
  )
}
