import type { MetaFunction } from "@remix-run/node";
import { IngredientCamera } from "~/components/ingredient-camera";
import { cameraScreenAction, cameraScreenLoader } from "~/services/vision/camera-screen.server";

export const meta: MetaFunction = () => [{ title: "Identify the Ingredient · Recipe Helper" }];
export const loader = cameraScreenLoader;
export const action = cameraScreenAction;

export default function CameraScreen() {
  return <IngredientCamera title="Identify the Ingredient" closeTo="/home" closeLabel="Close, back to Home" />;
}
